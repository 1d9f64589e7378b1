import type { ChatMessage, LiveEvent, MessagesResponse } from '@rendezvous/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveEventsProvider } from '../../../lib/live-events';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { readDraft } from '../drafts';
import { Conversation } from './conversation';

const t = testI18n.t;
const ME = 7;
const GRETA = 12;

const message = (id: number, from: number, body: string): ChatMessage => ({
  id,
  conversation: 5,
  from,
  body,
  created_at: '2026-11-23T10:00:00Z',
});

function page(overrides: Partial<MessagesResponse> = {}): MessagesResponse {
  return {
    conversation: { id: 5 },
    profile: {
      id: GRETA,
      name: 'Greta',
      age: 61,
      city: 'Haarlem',
      fictional: false,
      main_image: null,
      available: true,
    },
    messages: [message(1, GRETA, 'Hello Anna'), message(2, ME, 'Hello Greta')],
    older: null,
    read_up_to: 0,
    ...overrides,
  };
}

/** Stands in for the browser's EventSource, so a test can deliver live events. */
class FakeEventSource {
  static current: FakeEventSource | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor() {
    FakeEventSource.current = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  static emit(event: LiveEvent) {
    act(() =>
      FakeEventSource.current?.listeners.get(event.type)?.({ data: JSON.stringify(event) } as MessageEvent<string>),
    );
  }
}

function renderConversation(onInsufficientCredits = vi.fn()) {
  renderWithRoot(
    <LiveEventsProvider loggedIn>
      <Conversation conversationId={5} onInsufficientCredits={onInsufficientCredits} />
    </LiveEventsProvider>,
    { web: makeWebContext({ user: makeUser() }) },
  );
  return { onInsufficientCredits };
}

const messages = () => screen.findByRole('list', { name: t('chats.messages_label', { name: 'Greta' }) });
const composer = () => screen.getByRole('textbox', { name: t('chats.message_label', { name: 'Greta' }) });

describe('a conversation', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the messages and marks them read up to the newest', async () => {
    const api = fakeApi({
      'GET /api/messages.php': () => json(page()),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 2 }),
    });
    renderConversation();

    const list = await messages();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.message-body')?.textContent),
    ).toEqual(['Hello Anna', 'Hello Greta']);
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/messages.php')[0]?.body).toEqual({ conversation: 5, up_to: 2 }),
    );
    expect(screen.getByRole('link', { name: 'Greta' }).getAttribute('href')).toBe('/members/12');
  });

  it('adds live messages without reloading, marks them read and shows read receipts', async () => {
    const api = fakeApi({
      'GET /api/messages.php': () => json(page()),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 3 }),
    });
    renderConversation();
    await messages();

    FakeEventSource.emit({ type: 'message', message: message(3, GRETA, 'Are you there?') });
    FakeEventSource.emit({ type: 'message', message: { ...message(9, GRETA, 'Other chat'), conversation: 6 } });
    expect(await screen.findByText('Are you there?', { selector: '.message-body' })).toBeTruthy();
    // Read out once, from a polite live region.
    expect(
      screen.getByText(`${t('chats.they_wrote', { name: 'Greta' })} Are you there?`).getAttribute('aria-live'),
    ).toBe('polite');
    expect(screen.queryByText('Other chat')).toBeNull();
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/messages.php').at(-1)?.body).toEqual({ conversation: 5, up_to: 3 }),
    );
    expect(api.callsTo('GET', '/api/messages.php')).toHaveLength(1);

    expect(screen.queryByText(t('chats.read'), { exact: false })).toBeNull();
    FakeEventSource.emit({ type: 'read', conversation: 5, up_to: 2, by_me: false });
    expect(await screen.findByText(t('chats.read'), { exact: false })).toBeTruthy();
  });

  it('shows an own message at once and swaps in the one the server stored', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      'GET /api/messages.php': () => json(page()),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 2 }),
      'POST /api/messages.php': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderConversation();
    await messages();

    await user.type(composer(), 'Coffee on Sunday?{Enter}');
    const pending = (await screen.findByText('Coffee on Sunday?')).closest('li');
    expect(pending?.textContent).toContain(t('chats.sending'));
    // With the key that makes a repeat of this send store and charge it once (decision 019).
    expect(api.callsTo('POST', '/api/messages.php')[0]?.body).toEqual({
      conversation: 5,
      body: 'Coffee on Sunday?',
      client_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });

    answer(json({ message: message(4, ME, 'Coffee on Sunday?'), credits: 30 }));
    await waitFor(() =>
      expect(screen.getByText('Coffee on Sunday?').closest('li')?.textContent).not.toContain(t('chats.sending')),
    );
    expect(screen.getAllByText('Coffee on Sunday?')).toHaveLength(1);
  });

  it('keeps the text and hands over to the credits page when the balance is too low', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'GET /api/messages.php': () => json(page()),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 2 }),
      'POST /api/messages.php': () =>
        json({ error: { code: 'insufficient_credits', message: 'Too few credits' } }, 402),
    });
    const { onInsufficientCredits } = renderConversation();
    await messages();

    await user.type(composer(), 'Worth every credit{Enter}');
    await waitFor(() => expect(onInsufficientCredits).toHaveBeenCalledTimes(1));
    expect(readDraft(5)).toBe('Worth every credit');
    expect(screen.queryByText('Worth every credit', { selector: '.message-body' })).toBeNull();
    expect(composer()).toHaveProperty('value', 'Worth every credit');
  });

  it('says when a message could not be sent, keeps its text, and sends it on the next try', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [json({ error: { code: 'internal', message: 'Internal' } }, 500)];
    fakeApi({
      'GET /api/messages.php': () => json(page()),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 2 }),
      'POST /api/messages.php': () =>
        answers.shift() ?? json({ message: message(4, ME, 'Are you there?'), credits: 30 }),
    });
    renderConversation();
    await messages();

    await user.type(composer(), 'Are you there?{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(t('chats.send_failed'));
    expect(composer()).toHaveProperty('value', 'Are you there?');
    expect(document.activeElement).toBe(composer());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await screen.findByText('Are you there?', { selector: '.message-body' })).toBeTruthy();
    expect(composer()).toHaveProperty('value', '');
  });

  it('asks an unconfirmed member to confirm the address, keeps the text and offers the mail again', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'GET /api/messages.php': () => json(page()),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 2 }),
      'POST /api/messages.php': () =>
        json({ error: { code: 'email_not_confirmed', message: 'Confirm your e-mail address.' } }, 403),
    });
    const onResendActivation = vi.fn(async () => {});
    renderWithRoot(
      <LiveEventsProvider loggedIn>
        <Conversation conversationId={5} onInsufficientCredits={vi.fn()} onResendActivation={onResendActivation} />
      </LiveEventsProvider>,
      { web: makeWebContext({ user: makeUser({ email_confirmed: false }) }) },
    );
    await messages();

    await user.type(composer(), 'Hello Greta{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(t('chats.email_not_confirmed'));
    expect(composer()).toHaveProperty('value', 'Hello Greta');

    await user.click(screen.getByRole('button', { name: t('activate_reminder.resend') }));
    expect(await screen.findByText(t('activate_reminder.resent'))).toBeTruthy();
    expect(onResendActivation).toHaveBeenCalledTimes(1);
  });

  it('shows a notice instead of the composer when the other member is gone', async () => {
    fakeApi({
      'GET /api/messages.php': () => json(page({ profile: { ...page().profile, available: false } })),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 2 }),
    });
    renderConversation();
    expect(await screen.findByText(t('chats.unavailable', { name: 'Greta' }))).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('loads older messages above the ones shown', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/messages.php': ({ url }) =>
        json(
          url.includes('before=')
            ? page({ messages: [message(1, GRETA, 'Much earlier')], older: null })
            : page({ messages: [message(10, GRETA, 'Hello Anna'), message(11, ME, 'Hello Greta')], older: 10 }),
        ),
      'PUT /api/messages.php': () => json({ conversation: 5, up_to: 2 }),
    });
    renderConversation();
    await messages();

    await user.click(screen.getByRole('button', { name: t('chats.load_older') }));
    expect(await screen.findByText('Much earlier')).toBeTruthy();
    expect(api.callsTo('GET', '/api/messages.php').at(-1)?.url).toBe('/api/messages.php?conversation=5&before=10');
    const bodies = [...document.querySelectorAll('.message-body')].map((node) => node.textContent);
    expect(bodies[0]).toBe('Much earlier');
    expect(screen.getByText(t('chats.start_of_conversation'))).toBeTruthy();
  });
});
