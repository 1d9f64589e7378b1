import type { ChatListItem, ChatsResponse } from '@rendezvous/contract';
import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { chatsQueryOptions } from '../api/chats-query';
import { ChatListPanel } from './chat-list-panel';

const t = testI18n.t;

function chat(id: number, name: string, unread: number): ChatListItem {
  return {
    conversation: {
      id,
      last_message: {
        id: id * 10,
        conversation: id,
        from: 100 + id,
        body: `Hello from ${name}`,
        created_at: '2026-11-23T09:00:00Z',
      },
      updated_at: '2026-11-23T09:00:00Z',
    },
    profile: { id: 100 + id, name, age: 60, city: 'Haarlem', fictional: false, main_image: null, available: true },
    num_unread_messages: unread,
  };
}

function Address() {
  return <p>Now at {useLocation().pathname}</p>;
}

const renderPanel = (activeId: number | null = null) =>
  renderWithRoot(
    <>
      <ChatListPanel activeId={activeId} />
      <Address />
    </>,
    { web: makeWebContext({ user: makeUser() }), path: activeId ? `/chats/${activeId}` : '/chats' },
  );

async function removeGreta(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: t('chats.remove', { name: 'Greta' }) }));
  const dialog = screen.getByRole('dialog', { name: t('chats.remove_title') });
  await user.click(within(dialog).getByRole('button', { name: t('chats.remove_confirm') }));
}

/** Stands in for the app's chats-and-likes polling (the badge), putting one answer in the cache. */
function Poller({ latest }: { latest: ChatsResponse }) {
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => queryClient.setQueryData(chatsQueryOptions().queryKey, latest)}>
      poll
    </button>
  );
}

describe('the chat list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each conversation with its last message and unread count, none for the open one', async () => {
    fakeApi({ 'GET /api/chats.php': () => json({ chats: [chat(1, 'Greta', 2), chat(2, 'Henk', 4)] }) });
    renderPanel(2);

    const list = await screen.findByRole('list', { name: t('chats.list_label') });
    const greta = within(list).getByRole('link', { name: /Greta/ });
    expect(greta.getAttribute('href')).toBe('/chats/1');
    expect(greta.textContent).toContain('Hello from Greta');
    expect(within(greta).getByText(t('chats.unread', { number: 2 }))).toBeTruthy();
    const henk = within(list).getByRole('link', { name: /Henk/ });
    expect(henk.getAttribute('aria-current')).toBe('page');
    expect(within(henk).queryByText(t('chats.unread', { number: 4 }))).toBeNull();
  });

  it('shows what the app’s polling brings, without asking the server again itself', async () => {
    const api = fakeApi({ 'GET /api/chats.php': () => json({ chats: [chat(1, 'Greta', 0)] }) });
    const polled = { chats: [chat(1, 'Greta', 3), chat(2, 'Henk', 1)] };
    renderWithRoot(
      <>
        <ChatListPanel activeId={null} />
        <Poller latest={polled} />
      </>,
      { web: makeWebContext({ user: makeUser() }), path: '/chats' },
    );
    const list = await screen.findByRole('list', { name: t('chats.list_label') });
    expect(within(list).queryByRole('link', { name: /Henk/ })).toBeNull();

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'poll' }));
    expect(within(list).getByRole('link', { name: /Henk/ })).toBeTruthy();
    const greta = within(list).getByRole('link', { name: /Greta/ });
    expect(within(greta).getByText(t('chats.unread', { number: 3 }))).toBeTruthy();
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(1);
  });

  it('removes a conversation from the list before the server answers, then loads the list again', async () => {
    const user = userEvent.setup({ delay: null });
    let answerDelete: (response: Response) => void = () => {};
    const chats = [chat(1, 'Greta', 0), chat(2, 'Henk', 0)];
    const api = fakeApi({
      'GET /api/chats.php': () => json({ chats }),
      'DELETE /api/chat.php': () => new Promise<Response>((resolve) => (answerDelete = resolve)),
    });
    renderPanel();

    await removeGreta(user);
    // Gone at once, while the DELETE is still open.
    await waitFor(() => expect(screen.queryByRole('link', { name: /Greta/ })).toBeNull());
    expect(api.callsTo('DELETE', '/api/chat.php')[0]?.body).toEqual({ conversation: { id: 1 } });
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(1);

    chats.shift();
    answerDelete(json({ removed: true }));
    await waitFor(() => expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(2));
    expect(screen.getByRole('link', { name: /Henk/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an alert when removing fails and still loads the list again', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/chats.php': () => json({ chats: [chat(1, 'Greta', 0), chat(2, 'Henk', 0)] }),
      'DELETE /api/chat.php': () => json({ error: { code: 'internal', message: 'Something went wrong' } }, 500),
    });
    renderPanel();

    await removeGreta(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(t('chats.remove_failed', { error: 'Something went wrong' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(2));
    // The server still has it, so the reloaded list shows it again.
    expect(await screen.findByRole('link', { name: /Greta/ })).toBeTruthy();
  });

  it('leaves the conversation that was open once it is removed', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'GET /api/chats.php': () => json({ chats: [chat(1, 'Greta', 0), chat(2, 'Henk', 0)] }),
      'DELETE /api/chat.php': () => json({ removed: true }),
    });
    renderPanel(1);
    expect(await screen.findByText('Now at /chats/1')).toBeTruthy();

    await removeGreta(user);
    expect(await screen.findByText('Now at /chats')).toBeTruthy();
  });

  it('offers the search when there are no conversations', async () => {
    fakeApi({ 'GET /api/chats.php': () => json({ chats: [] }) });
    renderPanel();
    expect(await screen.findByText(t('chats.empty'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t('chats.empty_link') }).getAttribute('href')).toBe('/members');
  });
});
