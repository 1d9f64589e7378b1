import type { Db } from '../db/database.js';
import { DEMO_EMAILS } from './demo-members.js';
import { HOUR_MS } from '../lib/time.js';

/** How many demo profiles like each demo login: enough to fill the likes screen and the badge. */
const LIKES_PER_LOGIN = 3;

/** The first message of the demo chat, in the demo login's language (the sites seed en, nl, de, fr). */
const GREETINGS: Record<string, (name: string) => string> = {
  en: (name) => `Hi ${name}! I liked your profile. How is your week going?`,
  nl: (name) => `Hoi ${name}! Je profiel sprak me aan. Hoe gaat je week tot nu toe?`,
  de: (name) => `Hallo ${name}! Dein Profil gefällt mir. Wie läuft deine Woche?`,
  fr: (name) => `Bonjour ${name} ! Votre profil m'a plu. Comment se passe votre semaine ?`,
  it: (name) => `Ciao ${name}! Il tuo profilo mi è piaciuto. Come va la settimana?`,
  es: (name) => `¡Hola ${name}! Me ha gustado tu perfil. ¿Qué tal va tu semana?`,
  pl: (name) => `Cześć ${name}! Spodobał mi się Twój profil. Jak mija Ci tydzień?`,
};

/**
 * A fresh demo shows what members do with each other: each demo login has a few new likes from
 * demo profiles of their site, and the first of those has written to them, unread, with the
 * notifications that go with it. Written straight to the tables, as the calls would leave them.
 */
export async function seedDemoConversations(db: Db, now = Date.now()): Promise<void> {
  const logins = await db
    .selectFrom('members')
    .select(['id', 'site_id', 'name', 'gender', 'language'])
    .where('email_normalized', 'in', DEMO_EMAILS)
    .where('status', '=', 'active')
    .execute();

  for (const login of logins) {
    const likers = await db
      .selectFrom('members')
      .select('id')
      .where('site_id', '=', login.site_id)
      .where('status', '=', 'active')
      .where('id', '!=', login.id)
      .where('main_image_id', 'is not', null)
      .where('gender', '=', login.gender === 'male' ? 'female' : 'male')
      .where('email_normalized', 'not in', DEMO_EMAILS)
      .orderBy('id')
      .limit(LIKES_PER_LOGIN)
      .execute();

    for (const [index, liker] of likers.entries()) {
      const at = now - (index + 1) * HOUR_MS;
      await db.insertInto('likes').values({ member_id: liker.id, profile_id: login.id, created_at: at }).execute();
      await db
        .insertInto('notifications')
        .values({
          member_id: login.id,
          kind: 'like',
          actor_id: liker.id,
          conversation_id: null,
          payload: null,
          created_at: at,
          read_at: null,
        })
        .execute();
    }

    const writer = likers[0];
    if (!writer) continue;
    const [low, high] = writer.id < login.id ? [writer.id, login.id] : [login.id, writer.id];
    const conversation = await db
      .insertInto('conversations')
      .values({ site_id: login.site_id, member_low: low, member_high: high, created_at: now, last_message_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const greeting = GREETINGS[login.language] ?? GREETINGS.en!;
    await db
      .insertInto('messages')
      .values({ conversation_id: conversation.id, sender_id: writer.id, body: greeting(login.name), created_at: now })
      .execute();
    await db
      .insertInto('conversation_members')
      .values([
        { conversation_id: conversation.id, member_id: login.id, other_id: writer.id, num_unread: 1, updated_at: now },
        { conversation_id: conversation.id, member_id: writer.id, other_id: login.id, num_unread: 0, updated_at: now },
      ])
      .execute();
    await db
      .insertInto('notifications')
      .values({
        member_id: login.id,
        kind: 'message',
        actor_id: writer.id,
        conversation_id: conversation.id,
        payload: null,
        created_at: now,
        read_at: null,
      })
      .execute();
  }
}
