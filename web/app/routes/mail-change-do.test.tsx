import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../lib/locale';
import { fakeApi, json } from '../test/fake-api';
import { makeWebContext, testI18n } from '../test/render';
import MailChangeDo from './mail-change-do';
import { packWebContext } from '../lib/web-context';

const t = testI18n.t;

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderPage(path: string) {
  const web = makeWebContext();
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => packWebContext(web),
      Component: () => (
        <LocaleProvider initial={web}>
          <Address />
          <Outlet />
        </LocaleProvider>
      ),
      children: [
        { path: '/mail-change/do', Component: MailChangeDo },
        { path: '/reset-password/do', Component: () => null },
      ],
    },
  ]);
  return render(
    <I18nextProvider i18n={testI18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: packWebContext(web) } }} />
    </I18nextProvider>,
  );
}

const undoButton = () => screen.getByRole('button', { name: t('email_change.undo_submit') });

describe('the undo link of an e-mail change', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes nothing on opening, and undoes with the button on to the new-password page', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'POST /api/email_change_undo.php': () => json({ reset_token: 'reset-1' }) });
    renderPage('/mail-change/do?undo=1&token=undo-1');

    expect(screen.getByRole('heading', { name: t('email_change.undo_title') })).toBeTruthy();
    expect(screen.getByText(t('email_change.undo_text'))).toBeTruthy();
    expect(api.calls).toEqual([]);

    await user.click(undoButton());
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
        '/reset-password/do?token=reset-1&reason=email-change-incorrect',
      ),
    );
    expect(api.callsTo('POST', '/api/email_change_undo.php').map((call) => call.body)).toEqual([{ token: 'undo-1' }]);
  });

  it('says a refused link is used up, and lets a failed call be tried again', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = json({ error: { code: 'internal', message: 'Oops' } }, 500);
    fakeApi({ 'POST /api/email_change_undo.php': () => answer });
    renderPage('/mail-change/do?undo=1&token=undo-2');

    await user.click(undoButton());
    expect((await screen.findByRole('alert')).textContent).toBe(t('errors.unexpected'));

    answer = json({ error: { code: 'validation_failed', message: 'Nope', fields: { token: 'x' } } }, 400);
    await user.click(undoButton());
    expect(await screen.findByText(t('email_change.undo_invalid', { email: 'support@example.test' }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('email_change.undo_submit') })).toBeNull();
  });
});
