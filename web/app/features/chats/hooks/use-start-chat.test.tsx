import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithI18n, testI18n } from '../../../test/render';
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
  return renderWithI18n(<Stub initialEntries={[path]} />, { wrapper: ToastProvider });
}

describe('starting a chat', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the conversation the server names', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'GET /api/chat.php': () => json({ id: 31 }) });
    renderAt('/members/12');

    await user.click(await screen.findByRole('button', { name: 'Chat with Greta' }));
    expect(await screen.findByText('Now at /chats/31')).toBeTruthy();
    expect(api.calls[0]?.url).toBe('/api/chat.php?profile=12');
  });

  it('asks once when the button is pressed again before the conversation opens', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({ 'GET /api/chat.php': () => new Promise((resolve) => (answer = resolve)) });
    renderAt('/members/12');

    await user.dblClick(await screen.findByRole('button', { name: 'Chat with Greta' }));
    answer(json({ id: 31 }));
    expect(await screen.findByText('Now at /chats/31')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
  });

  it.each([
    ['the server fails', 500, 'internal'],
    ['the member is blocked', 403, 'blocked'],
  ])('shows the danger toast and stays when %s', async (_case, status, code) => {
    const user = userEvent.setup({ delay: null });
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
