/**
 * The offline page's script (/offline/offline.js, precached with the page): shows what the
 * device kept of the member who last used the app (docs/decisions/020), read only, under the
 * page's "You are offline" heading: their profile, chat list and the newest messages of the
 * chats they opened. A message written here waits in the outbox; when the network returns with
 * messages waiting, the page reloads into the app, which sends each once.
 *
 * Plain DOM and `textContent` only: message bodies are other people's text.
 */
import { MESSAGE_MAX_LENGTH, type ChatMessage } from '@rendezvous/contract';
import {
  listOutbox,
  queueOutboxMessage,
  readOfflineSnapshot,
  type OfflineConversation,
  type OfflineSnapshot,
  type OutboxMessage,
} from './lib/offline-store';
import { OFFLINE_TEXT_ID, type OfflinePageText } from './lib/worker-protocol';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

const fill = (template: string, name: string) => template.replaceAll('{{name}}', name);

function messageItem(text: OfflinePageText, message: Pick<ChatMessage, 'body' | 'from'>, owner: number, name: string) {
  const item = element('li', undefined, { class: message.from === owner ? 'own' : 'theirs' });
  item.append(element('span', `${message.from === owner ? text.you : name}: `, { class: 'from' }));
  item.append(element('span', message.body, { class: 'body' }));
  return item;
}

function waitingItem(text: OfflinePageText, message: OutboxMessage) {
  const item = element('li', undefined, { class: 'own waiting' });
  item.append(element('span', `${text.you}: `, { class: 'from' }));
  item.append(element('span', message.body, { class: 'body' }));
  item.append(element('span', ` (${text.waiting})`, { class: 'status' }));
  return item;
}

function chatItem(
  text: OfflinePageText,
  snapshot: OfflineSnapshot,
  chat: OfflineSnapshot['chats'][number],
  waiting: OutboxMessage[],
) {
  const { profile } = chat;
  const conversation: OfflineConversation | undefined = snapshot.conversations[chat.conversation.id];
  const details = element('details');
  const summary = element('summary');
  summary.append(element('strong', profile.name, { translate: 'no' }));
  const last = conversation?.messages.at(-1) ?? chat.conversation.last_message;
  if (last) summary.append(element('span', last.body, { class: 'last' }));
  details.append(summary);

  const list = element('ol', undefined, { 'aria-label': fill(text.messages_label, profile.name) });
  const messages = conversation?.messages ?? [];
  for (const message of messages) list.append(messageItem(text, message, snapshot.owner, profile.name));
  for (const message of waiting) list.append(waitingItem(text, message));
  if (messages.length === 0) details.append(element('p', text.no_messages, { class: 'note' }));
  details.append(list);

  if (profile.available) {
    const form = element('form');
    const id = `offline-message-${chat.conversation.id}`;
    const label = element('label', fill(text.write_label, profile.name), { for: id, class: 'visually-hidden' });
    const field = element('textarea', undefined, { id, rows: '2', maxlength: String(MESSAGE_MAX_LENGTH) });
    const button = element('button', text.send, { type: 'submit' });
    form.append(label, field, button);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = field.value.trim();
      if (body === '') return;
      button.disabled = true;
      queueOutboxMessage(snapshot.owner, chat.conversation.id, body)
        .then(async () => {
          field.value = '';
          const queued = (await listOutbox(snapshot.owner)).filter(
            (message) => message.conversation === chat.conversation.id && message.status === 'waiting',
          );
          const mine = queued.at(-1);
          if (mine) list.append(waitingItem(text, mine));
        })
        .catch((error: unknown) => console.warn('Could not keep the message', error))
        .finally(() => {
          button.disabled = false;
        });
    });
    details.append(form);
  }
  const item = element('li');
  item.append(details);
  return item;
}

async function render(): Promise<void> {
  const source = document.getElementById(OFFLINE_TEXT_ID)?.textContent;
  const root = document.getElementById('offline-app');
  if (!source || !root || typeof indexedDB === 'undefined') return;
  const text = JSON.parse(source) as OfflinePageText;
  const snapshot = await readOfflineSnapshot();
  if (!snapshot) return;
  const outbox = await listOutbox(snapshot.owner);

  root.append(element('p', text.saved, { class: 'note' }));
  if (snapshot.profile) {
    const section = element('section', undefined, { 'aria-labelledby': 'offline-profile' });
    section.append(element('h2', text.profile_title, { id: 'offline-profile' }));
    const { name, city } = snapshot.profile;
    section.append(element('p', [name, city].filter(Boolean).join(', '), { translate: 'no' }));
    root.append(section);
  }
  const section = element('section', undefined, { 'aria-labelledby': 'offline-chats' });
  section.append(element('h2', text.chats_title, { id: 'offline-chats' }));
  const list = element('ul', undefined, { class: 'chats' });
  for (const chat of snapshot.chats) {
    const waiting = outbox.filter(
      (message) => message.conversation === chat.conversation.id && message.status === 'waiting',
    );
    list.append(chatItem(text, snapshot, chat, waiting));
  }
  if (snapshot.chats.length === 0) section.append(element('p', text.nothing_saved, { class: 'note' }));
  section.append(list);
  root.append(section);

  // Back online with something to send: the app sends it, so open the page asked for.
  window.addEventListener('online', () => {
    listOutbox(snapshot.owner)
      .then((waiting) => {
        if (waiting.some((message) => message.status === 'waiting')) window.location.reload();
      })
      .catch((error: unknown) => console.warn('Could not read the messages waiting to be sent', error));
  });
}

render().catch((error: unknown) => console.warn('Could not show what this device kept', error));
