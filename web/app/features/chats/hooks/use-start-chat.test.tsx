import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { fakeApi, json } from '../../../test/fake-api';
import { testI18n } from '../../../test/render';
import { useStartChat } from './use-start-chat';

const t = testI18n.t;

function StartButton() {
  const { start } = useStartChat();
  const { pathname } = useLocation();
  return (
    <>
      <p>Now at {pathname}</p>
      <button type="button" onClick={() => void start(12)}>
        Chat with Greta
      </button>
    </>
  );
}

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: '/members/:memberId', Component: StartButton },
    { path: '/chats/:chatId', Component: StartButton },
  ]);
  return render(
    <I18nextProvider i18n={testI18n}>
      <ToastProvider>
        <Stub initialEntries={[path]} />
      </ToastProvider>
    </I18nextProvider>,
  );
}

describe('starting a chat', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the conversation the server names', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /api/chat.php': () => json({ id: 31 }) });
    renderAt('/members/12');

    await user.click(await screen.findByRole('button', { name: 'Chat with Greta' }));
    expect(await screen.findByText('Now at /chats/31')).toBeTruthy();
    expect(api.calls[0]?.url).toBe('/api/chat.php?profile=12');
  });

  it.each([
    ['the server fails', 500, 'internal'],
    ['the member is blocked', 403, 'blocked'],
  ])('shows the danger toast and stays when %s', async (_case, status, code) => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({ 'GET /api/chat.php': () => json({ error: { code, message: 'No' } }, status) });
    renderAt('/members/12');

    await user.click(await screen.findByRole('button', { name: 'Chat with Greta' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain(t('chats.start_failed_title'));
    expect(toast.textContent).toContain(t('chats.start_failed'));
    expect(t('chats.start_failed')).toBe('Cannot start chat, try again later or contact customer support');
    await waitFor(() => expect(screen.getByText('Now at /members/12')).toBeTruthy());
  });
});
