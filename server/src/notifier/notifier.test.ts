import type { LiveEvent } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../realtime/event-bus.js';
import { insertMember, insertSite, testSiteConfig } from '../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.js';
import { createNotifier, pushUrlOf } from './notifier.js';
import type { PushMessage, PushSender } from './web-push-sender.js';

/** Our own seam, faked: what the notifier asked to push. */
function fakePushSender() {
  const sent: { memberId: number; message: PushMessage; contact: string }[] = [];
  const sender: PushSender = {
    async send(memberId, message, contact) {
      sent.push({ memberId, message, contact });
    },
  };
  return { sender, sent };
}

describe.each(TEST_DIALECTS)('notifier on %s', (dialect) => {
  let database: TestDatabase;
  let siteId: number;
  let liker: number;
  let member: number;
  let fictional: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    siteId = await insertSite(database.db, testSiteConfig('notify.test'), true);
    liker = await insertMember(database.db, siteId, { name: 'Liam' });
    member = await insertMember(database.db, siteId, { name: 'Noor', language: 'nl' });
    fictional = await insertMember(database.db, siteId, { name: 'Operator', fictional: 1 });
  });
  afterAll(async () => database.cleanup());

  it('stores, publishes to open tabs and does not push while a tab is open', async () => {
    const events = createMemoryEventBus();
    const push = fakePushSender();
    const notifier = createNotifier({ db: database.db, events, push: push.sender });
    const received: LiveEvent[] = [];
    const stop = events.subscribe(member, (event) => received.push(event));

    await notifier.notify(member, { kind: 'like', actorId: liker });
    await notifier.settled();
    stop();

    const rows = await database.db.selectFrom('notifications').selectAll().where('member_id', '=', member).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'like', actor_id: liker, read_at: null });
    expect(received).toEqual([
      {
        type: 'notification',
        notification: expect.objectContaining({
          id: rows[0]!.id,
          kind: 'like',
          actor: { id: liker, name: 'Liam', main_image: null },
          read: false,
        }),
      },
    ]);
    expect(push.sent).toEqual([]);
  });

  it('pushes in the member’s language when no tab is open', async () => {
    const push = fakePushSender();
    const notifier = createNotifier({ db: database.db, events: createMemoryEventBus(), push: push.sender });
    await notifier.notify(member, { kind: 'like', actorId: liker });
    await notifier.settled();
    expect(push.sent).toEqual([
      {
        memberId: member,
        message: { title: 'Nieuwe like', body: 'Liam vindt je leuk', url: '/likes', tag: 'like' },
        contact: 'support@notify.test.test',
      },
    ]);
  });

  it('pushes nothing to fictional members', async () => {
    const push = fakePushSender();
    const notifier = createNotifier({ db: database.db, events: createMemoryEventBus(), push: push.sender });
    await notifier.notify(fictional, { kind: 'like', actorId: liker });
    await notifier.settled();
    expect(push.sent).toEqual([]);
  });

  it('opens the screen the notification is about', () => {
    expect(pushUrlOf({ kind: 'message', conversation: 7 })).toBe('/chats/7');
    expect(pushUrlOf({ kind: 'like', conversation: null })).toBe('/likes');
    expect(pushUrlOf({ kind: 'email_change_incorrect', conversation: null })).toBe(
      '/notifications#email-change-incorrect',
    );
    expect(pushUrlOf({ kind: 'system', conversation: null })).toBe('/notifications');
  });
});
