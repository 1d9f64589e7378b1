import path from 'node:path';
import type { Db } from '../db/database.js';
import { createLocalMediaStore, createMediaName } from '../lib/media-store.js';
import { insertMember, insertOrder, sessionCookies } from './fixtures.js';

export interface MemberFootprint {
  id: number;
  email: string;
  name: string;
  otherId: number;
  conversationId: number;
  /** Photo and thumbnail names, and the bytes stored under each. */
  photos: { name: string; bytes: Buffer }[];
  sentBody: string;
  receivedBody: string;
  cookies: Record<string, string>;
}

/**
 * A member who has used the site for a while: photos in the media store, a conversation written
 * both ways, likes and a block either way, credits spent and bought, a paid order, a saved search,
 * a push subscription, notifications, a report, mails and a session. What the export must hold and
 * the erasure must leave nothing of.
 */
export async function memberWithFootprint(
  db: Db,
  siteId: number,
  dataDir: string,
  who: { email: string; name: string; language?: string },
): Promise<MemberFootprint> {
  const now = Date.now();
  const id = await insertMember(db, siteId, {
    email: who.email,
    name: who.name,
    language: who.language ?? 'en',
    city: 'Zwolle',
    country: 'NL',
    date_of_birth: '1958-03-04',
    gender: 'female',
    personal: JSON.stringify({ about_me: `I am ${who.name}, write to ${who.email}` }),
    timezone: 'Europe/Amsterdam',
    referrer: `https://friends.example/${who.name}`,
    credits: 40,
  });
  const otherId = await insertMember(db, siteId, { name: 'Other Otto', country: 'NL' });

  const media = createLocalMediaStore(path.join(dataDir, 'media'));
  const photos: MemberFootprint['photos'] = [];
  for (const position of [0, 1]) {
    const main = { name: createMediaName('jpg'), bytes: Buffer.from(`main photo ${position} of ${who.name}`) };
    const thumb = { name: createMediaName('webp'), bytes: Buffer.from(`thumb ${position} of ${who.name}`) };
    for (const file of [main, thumb]) await media.put(file.name, file.bytes, 'image/jpeg');
    photos.push(main, thumb);
    const image = await db
      .insertInto('member_images')
      .values({ member_id: id, filename: main.name, thumb_filename: thumb.name, position, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (position === 0) await db.updateTable('members').set({ main_image_id: image.id }).where('id', '=', id).execute();
  }

  const conversation = await db
    .insertInto('conversations')
    .values({
      site_id: siteId,
      member_low: Math.min(id, otherId),
      member_high: Math.max(id, otherId),
      created_at: now,
      last_message_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const conversationId = conversation.id;
  await db
    .insertInto('conversation_members')
    .values([
      { conversation_id: conversationId, member_id: id, other_id: otherId, updated_at: now, num_unread: 0 },
      { conversation_id: conversationId, member_id: otherId, other_id: id, updated_at: now, num_unread: 1 },
    ])
    .execute();
  const sentBody = `Hello Otto, this is ${who.name} (${who.email})`;
  const receivedBody = 'Hello to you too';
  const sent = await db
    .insertInto('messages')
    .values({ conversation_id: conversationId, sender_id: id, body: sentBody, credits: 10, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values({ conversation_id: conversationId, sender_id: otherId, body: receivedBody, created_at: now + 1 })
    .execute();

  await db
    .insertInto('likes')
    .values([
      { member_id: id, profile_id: otherId, created_at: now },
      { member_id: otherId, profile_id: id, created_at: now },
    ])
    .execute();
  await db
    .insertInto('profile_views')
    .values([
      { viewed_id: otherId, viewer_id: id, day: '2026-12-01', viewed_at: now },
      { viewed_id: id, viewer_id: otherId, day: '2026-12-01', viewed_at: now },
    ])
    .execute();
  await db.insertInto('blocks').values({ member_id: otherId, blocked_id: id, created_at: now }).execute();
  await db
    .insertInto('credit_ledger')
    .values([
      {
        member_id: id,
        delta: 50,
        reason: 'purchase',
        reference: 'order:1',
        business_key: `test:${id}`,
        created_at: now,
      },
      { member_id: id, delta: -10, reason: 'message', reference: `message:${sent.id}`, created_at: now },
    ])
    .execute();
  await insertOrder(db, siteId, id, {
    provider_reference: `dev-${id}`,
    return_to: '/credits',
    mandate: `mandate-${id}`,
  });
  await db
    .insertInto('member_searches')
    .values({
      member_id: id,
      gender: 'male',
      min_age: 60,
      max_age: 70,
      country: 'NL',
      countryregion: 0,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('member_tracking')
    .values({
      member_id: id,
      network: 'net',
      ref: who.name,
      sub1: null,
      sub2: null,
      sub3: null,
      created_at: now,
      lander: null,
      lander_slug: null,
    })
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values({
      member_id: id,
      endpoint: `https://push.example/${id}`,
      subscription: JSON.stringify({ endpoint: `https://push.example/${id}`, keys: { auth: 'a', p256dh: 'b' } }),
      created_at: now,
    })
    .execute();
  await db
    .insertInto('notifications')
    .values([
      {
        member_id: id,
        kind: 'like',
        actor_id: otherId,
        conversation_id: null,
        payload: null,
        created_at: now,
        read_at: null,
      },
      {
        member_id: otherId,
        kind: 'message',
        actor_id: id,
        conversation_id: conversationId,
        payload: JSON.stringify({ preview: sentBody }),
        created_at: now,
        read_at: null,
      },
    ])
    .execute();
  await db
    .insertInto('mail_deliveries')
    .values({ member_id: id, kind: 'activation', recipient: who.email, accepted: 1, message_id: null, created_at: now })
    .execute();
  await db
    .insertInto('moderation_items')
    .values({
      reference: `RV-${String(id).padStart(8, 'A').slice(-8)}`,
      source: 'report',
      site_id: siteId,
      subject: 'profile',
      location: null,
      reported_member_id: otherId,
      conversation_id: null,
      category: 'spam',
      explanation: `Reported by ${who.name}`,
      reporter_member_id: id,
      reporter_name: who.name,
      reporter_email: who.email,
      reporter_language: 'en',
      created_at: now,
    })
    .execute();

  return {
    id,
    email: who.email,
    name: who.name,
    otherId,
    conversationId,
    photos,
    sentBody,
    receivedBody,
    cookies: await sessionCookies(db, id),
  };
}
