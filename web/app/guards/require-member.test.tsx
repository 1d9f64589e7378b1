import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Link, Outlet, useLocation, type AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser, makeWebContext } from '../test/render';
import RequireMember, { loader } from './require-member';

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The app after its first render; `server.session` is what the server says on the next navigation. */
function renderApp(server: { session: boolean }) {
  const context = {
    get web() {
      return makeWebContext({ user: server.session ? makeUser() : null });
    },
  } as AppLoadContext;
  const Stub = createRoutesStub(
    [
      {
        Component: () => (
          <>
            <Link to="/likes/visitors?page=2">Visitors</Link>
            <Address />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', Component: () => null },
          { path: '/login', Component: () => <h1>Log in</h1> },
          {
            loader,
            Component: RequireMember,
            children: [{ path: '/likes/:type', Component: () => <h1>Visitors</h1> }],
          },
        ],
      },
    ],
    context,
  );
  render(<Stub initialEntries={['/']} />);
}

describe('the route guard (spec §2)', () => {
  it('asks the server on each navigation and sends a visitor whose session ended to login, with the way back', async () => {
    const server = { session: true };
    renderApp(server);
    server.session = false;

    await userEvent.click(screen.getByRole('link', { name: 'Visitors' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
      '/login?redirect=%2Flikes%2Fvisitors%3Fpage%3D2',
    );
  });

  it('lets a member through, even one who logged in after the page loaded', async () => {
    const server = { session: false };
    renderApp(server);
    server.session = true;

    await userEvent.click(screen.getByRole('link', { name: 'Visitors' }));

    expect(await screen.findByRole('heading', { name: 'Visitors' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/likes/visitors?page=2');
  });
});
