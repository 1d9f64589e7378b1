import { CONSOLE_PERMISSIONS, type ConsoleMe } from '@rendezvous/contract';
import { screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { ConsoleShell } from './console-shell';

const admin: ConsoleMe = {
  id: 1,
  email: 'ada@console.test',
  name: 'Ada Admin',
  role: 'admin',
  permissions: [...CONSOLE_PERMISSIONS],
  sites: [],
  languages: ['en'],
  capacity: 4,
  recovery_codes_left: 10,
};

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <ConsoleShell me={admin}>
          <p>page</p>
        </ConsoleShell>
      ),
    },
  ]);
  renderWithI18n(<Stub initialEntries={[path]} />);
  const nav = screen.getByRole('navigation', { name: 'Console' });
  return {
    link: (name: string) => within(nav).getByRole('link', { name }),
    current: () =>
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page'),
  };
}

describe('the console menu', () => {
  it('marks the inbox as the current page while a conversation is open in it', () => {
    const menu = renderAt('/console/inbox/conversations/42');
    expect(menu.current()).toEqual([menu.link('Inbox')]);
  });

  it('marks personas as the current page on one persona', () => {
    const menu = renderAt('/console/personas/7');
    expect(menu.current()).toEqual([menu.link('Personas')]);
  });

  it('marks only supervision on the supervision page, though it lives inside the inbox', () => {
    const menu = renderAt('/console/inbox/supervision');
    expect(menu.current()).toEqual([menu.link('Supervision')]);
  });

  it('marks home only on the home page', () => {
    const menu = renderAt('/console');
    expect(menu.current()).toEqual([menu.link('Home')]);
  });
});
