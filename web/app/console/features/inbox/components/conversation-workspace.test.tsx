import type { ConsoleMe, ConversationView, Snippet } from '@rendezvous/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderWithRoot } from '../../../../test/render';
import { DRAFT_SAVE_DELAY_MS } from '../lib/use-draft-autosave';
import { ConversationWorkspace } from './conversation-workspace';

const NOW = Date.now();
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const VIEW_PATH = '/api/console/inbox/conversations/12';

const me: ConsoleMe = {
  id: 7,
  email: 'olga@console.test',
  name: 'Olga',
  role: 'operator',
  permissions: ['inbox.answer'],
  sites: [{ id: 1, domain: 'localhost', name: 'Rendezvous' }],
  languages: ['nl'],
  capacity: 5,
  recovery_codes_left: 10,
};

const person = {
  age: 61,
  city: 'Zeist',
  main_image: null,
  gender: 'female' as const,
  country: 'NL',
  region: 'Utrecht',
};

function viewWith(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    now: at(0),
    conversation: { id: 12, site_id: 1, created_at: at(-3_600_000) },
    persona: { id: 3, name: 'Lotte', ...person, language: 'nl', personal: {}, sheet: null },
    member: {
      id: 4,
      name: 'Mia',
      ...person,
      language: 'nl',
      status: 'active',
      signup_at: at(-86_400_000),
      last_active_at: at(-60_000),
      credits: 90,
      credits_spent: 10,
      paid_user: false,
      other_conversations: [],
      blocks: { by_member: [], of_member: [] },
      reports: [],
      notes: [],
    },
    messages: [{ id: 1, from: 'member', body: 'Hi Lotte', created_at: at(-60_000), written_by: null, awaiting: true }],
    older: null,
    member_read_up_to: 0,
    waiting_since: at(-60_000),
    past_target: false,
    answer_target_seconds: 300,
    claim: { staff: { id: 7, name: 'Olga' }, claimed_at: at(-30_000), active_at: at(-30_000), expires_at: at(570_000) },
    draft: null,
    can_reply: true,
    ...overrides,
  };
}

const snippet: Snippet = {
  id: 5,
  scope: 'personal',
  site_id: null,
  persona_id: null,
  shortcut: 'greet',
  body: 'Hello {member.name}, {persona.name} here!',
  updated_at: at(0),
};

function renderWorkspace() {
  renderWithRoot(
    <ConversationWorkspace
      conversation={12}
      me={me}
      supervises={false}
      textareaRef={createRef()}
      pathOf={(id) => `/console/inbox/conversations/${id}`}
      onTake={vi.fn()}
      onTakeOver={vi.fn()}
      onRelease={vi.fn()}
      busy={false}
    />,
  );
}

const composer = () => screen.findByRole('textbox', { name: 'Reply as Lotte to Mia' });

describe('the workspace of one conversation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('inserts a snippet chosen by its shortcut, with the names filled in, and sends with Ctrl+Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${VIEW_PATH}`]: () => json(viewWith()),
      [`GET ${VIEW_PATH}/snippets`]: () => json({ snippets: [snippet] }),
      [`POST ${VIEW_PATH}/reply`]: ({ body }) =>
        json({
          message: {
            id: 2,
            from: 'persona',
            body: (body as { body: string }).body,
            created_at: at(1000),
            written_by: { id: 7, name: 'Olga' },
            awaiting: false,
          },
          claim: viewWith().claim,
        }),
      [`PUT ${VIEW_PATH}/draft`]: ({ body }) =>
        json({ draft: { body: (body as { body: string }).body, updated_at: at(0) } }),
    });
    renderWorkspace();

    const field = (await composer()) as HTMLTextAreaElement;
    await user.type(field, '/gr');
    const option = await screen.findByRole('option', { name: /\/greet/ });
    expect(option.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(field.value).toBe('Hello Mia, Lotte here!');

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(field.value).toBe(''));
    expect(api.callsTo('POST', `${VIEW_PATH}/reply`).map((call) => call.body)).toEqual([
      { body: 'Hello Mia, Lotte here!' },
    ]);
    expect(screen.getByRole('list', { name: 'Messages between Mia and Lotte' }).textContent).toContain(
      'Hello Mia, Lotte here!',
    );
  });

  it('saves the draft after a pause in typing', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${VIEW_PATH}`]: () => json(viewWith()),
      [`GET ${VIEW_PATH}/snippets`]: () => json({ snippets: [] }),
      [`PUT ${VIEW_PATH}/draft`]: ({ body }) =>
        json({ draft: { body: (body as { body: string }).body, updated_at: at(0) } }),
    });
    renderWorkspace();

    await user.type(await composer(), 'Dear Mia');
    await screen.findByText('Draft saved', {}, { timeout: DRAFT_SAVE_DELAY_MS + 1000 });
    expect(api.callsTo('PUT', `${VIEW_PATH}/draft`).map((call) => call.body)).toEqual([{ body: 'Dear Mia' }]);
  });

  it('shows who holds a conversation of someone else and keeps its composer shut', async () => {
    fakeApi({
      [`GET ${VIEW_PATH}`]: () => json(viewWith({ claim: { ...viewWith().claim!, staff: { id: 8, name: 'Carl' } } })),
    });
    renderWorkspace();

    expect(((await composer()) as HTMLTextAreaElement).disabled).toBe(true);
    screen.getByText('Carl is answering this conversation. You cannot reply while they hold it.');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
