import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { MessageList, type ShownMessage } from './message-list';

const t = testI18n.t;

const message = (id: number, from: number, body: string, extra: Partial<ShownMessage> = {}): ShownMessage => ({
  key: `m${id}`,
  id,
  conversation: 5,
  from,
  body,
  created_at: '2026-11-23T10:00:00Z',
  ...extra,
});

function renderList(messages: ShownMessage[], readUpTo = 0, onDiscard?: (key: string) => void) {
  return renderWithRoot(
    <MessageList
      messages={messages}
      me={7}
      otherName="Greta"
      readUpTo={readUpTo}
      label="Messages with Greta"
      onDiscard={onDiscard}
    />,
    { web: makeWebContext({ user: makeUser() }) },
  );
}

describe('the messages of a conversation', () => {
  it('shows a message whose sender erased their account as erased, in words', async () => {
    renderList([message(1, 12, '', { erased: true }), message(2, 7, 'Are you still there?')]);

    const list = await screen.findByRole('list', { name: 'Messages with Greta' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain(t('chats.message_erased'));
    expect(items[1]!.textContent).toContain('Are you still there?');
  });

  it('shows markup as text and turns no address into a link', async () => {
    const body = '<img src=x onerror="alert(1)"> <b>hi</b> visit https://scam.example.test or www.example.test';
    const { container } = renderList([message(1, 12, body)]);

    const list = await screen.findByRole('list', { name: 'Messages with Greta' });
    expect(within(list).getByText(body)).toBeTruthy();
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(within(list).queryByRole('link')).toBeNull();
  });

  it('keeps line breaks and says who wrote what', async () => {
    renderList([message(1, 12, 'Line one\nLine two'), message(2, 7, 'My answer')]);

    const list = await screen.findByRole('list', { name: 'Messages with Greta' });
    const first = within(list).getByText(/Line one/);
    expect(first.textContent).toBe('Line one\nLine two');
    expect(first.className).toContain('whitespace-pre-wrap');
    expect(within(list).getByText(t('chats.they_wrote', { name: 'Greta' }))).toBeTruthy();
    expect(within(list).getByText(t('chats.you_wrote'))).toBeTruthy();
  });

  it('marks the newest own message the other member read, and a pending one as sending', async () => {
    renderList(
      [
        message(1, 7, 'Seen'),
        message(2, 7, 'Also seen'),
        message(3, 7, 'Not yet'),
        message(Number.MAX_SAFE_INTEGER, 7, 'On its way', { key: 'p1', pending: true }),
      ],
      2,
    );

    const items = within(await screen.findByRole('list', { name: 'Messages with Greta' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.includes(t('chats.read')))).toEqual([false, true, false, false]);
    expect(items[3]?.textContent).toContain(t('chats.sending'));
  });

  it('says which messages wait for the network and which were not sent, and why (decision 019)', async () => {
    const user = userEvent.setup({ delay: null });
    const onDiscard = vi.fn();
    const outbox = { id: Number.MAX_SAFE_INTEGER };
    renderList(
      [
        message(1, 7, 'Seen'),
        message(0, 7, 'Written offline', { ...outbox, key: 'key-1', waiting: true }),
        message(0, 7, 'Too poor', { ...outbox, key: 'key-2', notSent: 'insufficient_credits' }),
        message(0, 7, 'Odd refusal', { ...outbox, key: 'key-3', notSent: 'something_new' }),
      ],
      Number.MAX_SAFE_INTEGER,
      onDiscard,
    );

    const items = within(await screen.findByRole('list', { name: 'Messages with Greta' })).getAllByRole('listitem');
    // Read receipts belong to stored messages only.
    expect(items.map((item) => item.textContent?.includes(t('chats.read')))).toEqual([true, false, false, false]);
    expect(items[1]?.textContent).toContain(t('chats.waiting_to_send'));
    expect(items[2]?.textContent).toContain(
      t('chats.not_sent', { reason: t('chats.not_sent_reason.insufficient_credits') }),
    );
    expect(items[3]?.textContent).toContain(t('chats.not_sent', { reason: t('chats.not_sent_reason.failed') }));
    expect(within(items[1]!).queryByRole('button')).toBeNull();

    await user.click(within(items[2]!).getByRole('button', { name: t('chats.discard') }));
    expect(onDiscard).toHaveBeenCalledWith('key-2');
  });
});
