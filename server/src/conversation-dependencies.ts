import type { Db } from './db/database.js';
import type { Notifier } from './notifier/notifier.js';
import type { EventBus } from './realtime/event-bus.js';

/** What the features by which members reach each other (likes, chats, notifications, …) share. */
export interface ConversationDependencies {
  db: Db;
  events: EventBus;
  notifier: Notifier;
}
