/*
 * What a member's device keeps for when the network is gone (docs/decisions/020): the last chat
 * list, the newest messages of the conversations they opened, their own profile, and the messages
 * they wrote that still wait to be sent. One IndexedDB database, read by the app and by the
 * offline page (web/app/offline-page.ts), so it imports nothing but types.
 *
 * It belongs to one member at a time: `claimOfflineStore` empties it whenever another member (or
 * nobody) uses the app, so on a shared phone one member never sees another's chats.
 */
import type { ChatListItem, ChatMessage, ChatProfile } from '@rendezvous/contract';

const DB_NAME = 'rendezvous-offline';
const DB_VERSION = 1;
const SNAPSHOT = 'snapshot';
const OUTBOX = 'outbox';
/** A conversation keeps this many of its newest messages: enough to read back, little to store. */
export const OFFLINE_MESSAGES_KEPT = 30;

/** The member's own profile as the offline page shows it. */
export interface OfflineProfile {
  id: number;
  name: string;
  city: string | null;
  thumb_filename: string | null;
  personal: Record<string, string>;
}

export interface OfflineConversation {
  id: number;
  profile: ChatProfile;
  /** Oldest first, the newest OFFLINE_MESSAGES_KEPT. */
  messages: ChatMessage[];
}

export interface OfflineSnapshot {
  owner: number;
  profile: OfflineProfile | null;
  chats: ChatListItem[];
  conversations: Record<number, OfflineConversation>;
}

/** A message written without a network, sent once the connection returns (exactly once: its client key). */
export interface OutboxMessage {
  client_key: string;
  owner: number;
  conversation: number;
  body: string;
  created_at: string;
  /** `not_sent`: the server refused it for a reason other than the network, named in `reason`. */
  status: 'waiting' | 'not_sent';
  /** The server's error code, e.g. `insufficient_credits`, `blocked`. */
  reason?: string;
}

const OWNER_KEY = 'owner';
const PROFILE_KEY = 'profile';
const CHATS_KEY = 'chats';
const conversationKey = (id: number) => `conversation:${id}`;

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(SNAPSHOT);
      request.result.createObjectStore(OUTBOX, { keyPath: 'client_key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * Runs `work` in one transaction over both stores; once the transaction has committed, resolves
 * with what the function `work` returned reads from its requests.
 */
async function inTransaction<T>(
  mode: IDBTransactionMode,
  work: (stores: { snapshot: IDBObjectStore; outbox: IDBObjectStore }) => (() => T) | void,
): Promise<T | undefined> {
  const db = await openDatabase();
  return new Promise<T | undefined>((resolve, reject) => {
    const transaction = db.transaction([SNAPSHOT, OUTBOX], mode);
    const result = work({ snapshot: transaction.objectStore(SNAPSHOT), outbox: transaction.objectStore(OUTBOX) });
    transaction.oncomplete = () => resolve(result ? result() : undefined);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export { offlineStoreAvailable } from './offline-store-available';

/**
 * Makes the store `memberId`'s: kept as it is when it is theirs already, emptied (snapshot and
 * outbox) when it held another member's data or when nobody is logged in (`null`).
 */
export async function claimOfflineStore(memberId: number | null): Promise<void> {
  const owner = await inTransaction('readonly', ({ snapshot }) => {
    const request = snapshot.get(OWNER_KEY);
    return () => request.result as unknown;
  });
  if (owner === memberId && memberId !== null) return;
  await inTransaction('readwrite', ({ snapshot, outbox }) => {
    snapshot.clear();
    outbox.clear();
    if (memberId !== null) snapshot.put(memberId, OWNER_KEY);
  });
}

/** Writes part of the snapshot, only while the store still belongs to `owner`. */
async function putForOwner(owner: number, key: string, value: unknown): Promise<void> {
  await inTransaction('readwrite', ({ snapshot }) => {
    const current = snapshot.get(OWNER_KEY);
    current.onsuccess = () => {
      if (current.result === owner) snapshot.put(value, key);
    };
  });
}

export const keepOfflineProfile = (owner: number, profile: OfflineProfile) => putForOwner(owner, PROFILE_KEY, profile);
export const keepOfflineChats = (owner: number, chats: ChatListItem[]) => putForOwner(owner, CHATS_KEY, chats);
export const keepOfflineConversation = (owner: number, conversation: OfflineConversation) =>
  putForOwner(owner, conversationKey(conversation.id), {
    ...conversation,
    messages: conversation.messages.slice(-OFFLINE_MESSAGES_KEPT),
  });

/** Everything kept for the member who last used the app, or null when nothing is kept. */
export async function readOfflineSnapshot(): Promise<OfflineSnapshot | null> {
  const entries = await inTransaction('readonly', ({ snapshot }) => {
    const keys = snapshot.getAllKeys();
    const values = snapshot.getAll();
    return (): [IDBValidKey[], unknown[]] => [keys.result, values.result];
  });
  if (!entries) return null;
  const byKey = new Map(entries[0].map((key, index) => [String(key), entries[1][index]]));
  const owner = byKey.get(OWNER_KEY);
  if (typeof owner !== 'number') return null;
  const conversations: Record<number, OfflineConversation> = {};
  for (const [key, value] of byKey) {
    if (key.startsWith('conversation:')) {
      const conversation = value as OfflineConversation;
      conversations[conversation.id] = conversation;
    }
  }
  return {
    owner,
    profile: (byKey.get(PROFILE_KEY) as OfflineProfile | undefined) ?? null,
    chats: (byKey.get(CHATS_KEY) as ChatListItem[] | undefined) ?? [],
    conversations,
  };
}

/** The member's messages that wait or were not sent, oldest first. */
export async function listOutbox(owner: number): Promise<OutboxMessage[]> {
  const all =
    (await inTransaction('readonly', ({ outbox }) => {
      const request = outbox.getAll();
      return () => request.result as OutboxMessage[];
    })) ?? [];
  return all.filter((message) => message.owner === owner).sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export async function putOutboxMessage(message: OutboxMessage): Promise<void> {
  await inTransaction('readwrite', ({ outbox }) => {
    outbox.put(message);
  });
  announceOutboxChange();
}

/** Puts a message the member wrote in the outbox, waiting for the network. */
export function queueOutboxMessage(
  owner: number,
  conversation: number,
  body: string,
  clientKey: string = newClientKey(),
): Promise<void> {
  return putOutboxMessage({
    client_key: clientKey,
    owner,
    conversation,
    body: body.trim(),
    created_at: new Date().toISOString(),
    status: 'waiting',
  });
}

export async function removeOutboxMessage(clientKey: string): Promise<void> {
  await inTransaction('readwrite', ({ outbox }) => {
    outbox.delete(clientKey);
  });
  announceOutboxChange();
}

/** A UUID for a new message; `crypto.randomUUID` exists only on secure pages, this everywhere. */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const OUTBOX_CHANGED = 'rendezvous:outbox-changed';

function announceOutboxChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OUTBOX_CHANGED));
}

/** Calls `listener` whenever this page changes the outbox; returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  window.addEventListener(OUTBOX_CHANGED, listener);
  return () => window.removeEventListener(OUTBOX_CHANGED, listener);
}
