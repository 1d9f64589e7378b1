import type {
  LikesResponse,
  MemberDetail,
  ModerationItemDetail,
  ModerationQueueResponse,
  ProfileReviewMode,
  SearchResponse,
  User,
} from '@rendezvous/contract';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from '../../lib/media-store.js';
import {
  browserHeaders,
  createTestAppWithMail,
  insertSite,
  memberWithSession,
  testSiteConfig,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

const PATH = '/api/console/moderation';
const HOSTS: Record<ProfileReviewMode, string> = { before: 'before.test', after: 'after.test', off: 'off.test' };

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 200, channels: 3, background: '#c03060' } })
    .jpeg()
    .toBuffer();
}

/** A multipart body with one photo, as the browser's FormData sends it. */
async function photoUpload(data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([data], { type: 'image/jpeg' }), 'me.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe.each(TEST_DIALECTS)('profile photos and texts reviewed by moderators on %s', (dialect) => {
  let t: TestAppWithMail;
  let moderator: Record<string, string>;
  const siteIds = {} as Record<ProfileReviewMode, number>;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
    // Before the first request: the app caches the sites table.
    for (const mode of ['before', 'after', 'off'] as const) {
      siteIds[mode] = await insertSite(
        t.database.db,
        testSiteConfig(HOSTS[mode], {
          visible_profile_notes: ['about_me'],
          moderation: { flag_contact_details: true, flag_payment_requests: true, flag_words: [], profile_review: mode },
        }),
      );
    }
    moderator = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'supervisor' }));
  });
  afterAll(async () => t.close());

  const db = () => t.database.db;
  type Member = Awaited<ReturnType<typeof memberWithSession>> & { host: string };

  async function member(mode: ProfileReviewMode, overrides: { language?: string; about?: string } = {}) {
    const created = await memberWithSession(db(), siteIds[mode], {
      name: 'Member',
      gender: 'female',
      date_of_birth: '1960-05-05',
      activated_at: Date.now(),
      language: overrides.language ?? 'en',
      personal: JSON.stringify(overrides.about === undefined ? {} : { about_me: overrides.about }),
    });
    return { ...created, host: HOSTS[mode] };
  }
  const headersOf = (who: Member | null, host: string) => ({
    ...(who ? who.headers : browserHeaders()),
    host,
    'sec-fetch-site': 'same-origin',
  });

  async function upload(who: Member): Promise<User> {
    const body = await photoUpload(await jpeg());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profileimage.php',
      headers: { ...headersOf(who, who.host), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json<User>();
  }
  async function saveAbout(who: Member, text: string): Promise<User> {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: headersOf(who, who.host),
      payload: { profile: { personal: { about_me: text } } },
    });
    expect(response.statusCode).toBe(200);
    return response.json<User>();
  }
  const ownUser = async (who: Member) =>
    (await t.app.inject({ url: '/api/user.php', headers: headersOf(who, who.host) })).json<User>();
  const pageSeenBy = async (viewer: Member, memberId: number) => {
    const response = await t.app.inject({
      url: `/api/member.php?id=${memberId}`,
      headers: headersOf(viewer, viewer.host),
    });
    expect(response.statusCode).toBe(200);
    return response.json<MemberDetail>();
  };
  /** The member's card in the viewer's likes list: the card search and chats show too. */
  async function cardSeenBy(viewer: Member, memberId: number) {
    await t.app.inject({
      method: 'POST',
      url: '/api/likes.php',
      headers: headersOf(viewer, viewer.host),
      payload: { profile: memberId },
    });
    const likes = (
      await t.app.inject({ url: '/api/likes.php', headers: headersOf(viewer, viewer.host) })
    ).json<LikesResponse>();
    return likes.profiles.find((card) => card.id === memberId);
  }
  async function searchCardSeenBy(viewer: Member, memberId: number) {
    const query = new URLSearchParams({
      manual_search: '1',
      gender: 'female',
      min_age: '18',
      max_age: '100',
      country: 'NL',
      countryregion: '0',
    });
    const response = await t.app.inject({ url: `/api/search.php?${query}`, headers: headersOf(viewer, viewer.host) });
    return response.json<SearchResponse>().profiles.find((card) => card.id === memberId);
  }
  const media = (name: string, who: Member | null, host: string) =>
    t.app.inject({ url: `/media/${name}`, headers: headersOf(who, host) });

  const itemsAbout = (memberId: number) =>
    db().selectFrom('moderation_items').selectAll().where('reported_member_id', '=', memberId).orderBy('id').execute();
  const staffCall = (method: 'GET' | 'POST', url: string, payload?: object, cookies = moderator) =>
    t.app.inject({ method, url, headers: browserHeaders(cookies), ...(payload ? { payload } : {}) });
  async function decide(itemId: number, action: string, reason: string) {
    expect((await staffCall('POST', `${PATH}/items/${itemId}/claim`)).statusCode).toBe(200);
    return staffCall('POST', `${PATH}/items/${itemId}/decide`, { action, reason });
  }

  it('keeps a new photo from others until a moderator approves it, and shows it to its member marked', async () => {
    const owner = await member('before');
    const viewer = await member('before');
    const user = await upload(owner);
    const photo = user.profile.images[0]!;
    expect(photo.in_review).toBe(true);
    // Never the main photo while waiting: the search order and every card read the main one.
    const row = await db().selectFrom('members').select('main_image_id').where('id', '=', owner.id).executeTakeFirst();
    expect(row?.main_image_id).toBeNull();

    const [item] = await itemsAbout(owner.id);
    expect(item).toMatchObject({ source: 'photo', subject: 'photo', held: 1, status: 'open', image_id: photo.id });

    expect((await pageSeenBy(viewer, owner.id)).images).toEqual([]);
    expect((await pageSeenBy(viewer, owner.id)).main_image).toBeNull();
    expect((await cardSeenBy(viewer, owner.id))?.images).toEqual([]);
    expect((await searchCardSeenBy(viewer, owner.id))?.main_image ?? null).toBeNull();
    for (const name of [photo.filename, photo.thumb_filename]) {
      expect((await media(name, viewer, viewer.host)).statusCode).toBe(404);
      expect((await media(name, null, owner.host)).statusCode).toBe(404);
      const own = await media(name, owner, owner.host);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
    }
    // Waiting, it cannot be the main photo either.
    const makeMain = await t.app.inject({
      method: 'PUT',
      url: '/api/profileimage.php',
      headers: headersOf(owner, owner.host),
      payload: { id: photo.id, main: true },
    });
    expect(makeMain.statusCode).toBe(409);
    expect(makeMain.json<{ error: { code: string } }>().error.code).toBe('photo_in_review');

    // The moderator finds it under its kind, sees it beside the member, and reads its file.
    const queue = (
      await staffCall('GET', `${PATH}/items?kind=photo&site_id=${siteIds.before}`)
    ).json<ModerationQueueResponse>();
    expect(queue.items.map((entry) => entry.id)).toContain(item!.id);
    expect(queue.items.every((entry) => entry.kind === 'photo')).toBe(true);
    const detail = (await staffCall('GET', `${PATH}/items/${item!.id}`)).json<ModerationItemDetail>();
    expect(detail.review).toEqual({
      held: true,
      photo: { filename: photo.filename, thumb_filename: photo.thumb_filename },
      previous_photo: null,
      field: null,
      text: null,
      previous_text: null,
    });
    expect(detail.member?.photos).toEqual([{ ...photo, in_review: true }]);
    const file = await staffCall('GET', `${PATH}/photos/${photo.thumb_filename}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');

    const approved = await decide(item!.id, 'approve', 'no_violation');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ decision: { action: string } }>().decision.action).toBe('approve');

    const page = await pageSeenBy(viewer, owner.id);
    expect(page.main_image?.id).toBe(photo.id);
    expect(page.images.map((image) => image.id)).toEqual([photo.id]);
    expect((await cardSeenBy(viewer, owner.id))?.main_image).toEqual({ thumb_filename: photo.thumb_filename });
    expect((await media(photo.filename, viewer, viewer.host)).headers['cache-control']).toBe('public, max-age=60');
    expect((await ownUser(owner)).profile.images[0]!.in_review).toBeUndefined();
  });

  it('removes a photo waiting for review: it is never served, its files stay as evidence, the member is told why in their language', async () => {
    const owner = await member('before', { language: 'nl' });
    const photo = (await upload(owner)).profile.images[0]!;
    const [item] = await itemsAbout(owner.id);

    const removed = await decide(item!.id, 'remove', 'privacy');
    expect(removed.statusCode).toBe(200);

    expect((await ownUser(owner)).profile.images).toEqual([]);
    expect(await db().selectFrom('member_images').select('id').where('member_id', '=', owner.id).execute()).toEqual([]);
    expect((await media(photo.filename, owner, owner.host)).statusCode).toBe(404);
    const store = createLocalMediaStore(path.join(t.database.dataDir, 'media'));
    expect(await store.read(photo.filename)).toBeDefined();
    expect((await staffCall('GET', `${PATH}/photos/${photo.filename}`)).statusCode).toBe(200);

    const statement = await t.smtp.waitForMail(owner.email);
    expect(statement.text).toContain('je profielfoto is verwijderd en wordt aan niemand meer getoond.');
    expect(statement.text).toContain('onze controle van nieuwe profielfoto');
    const detail = (await staffCall('GET', `${PATH}/items/${item!.id}`)).json<ModerationItemDetail>();
    expect(detail.item.status).toBe('decided');
    expect(detail.decision).toMatchObject({ action: 'remove', reason: 'privacy' });
    expect(detail.review?.photo?.filename).toBe(photo.filename);
  });

  it('shows a photo at once on a site that reviews afterwards, and a removal takes it off everywhere', async () => {
    const owner = await member('after');
    const viewer = await member('after');
    const user = await upload(owner);
    const photo = user.profile.images[0]!;
    expect(photo.in_review).toBeUndefined();
    expect((await pageSeenBy(viewer, owner.id)).main_image?.id).toBe(photo.id);
    expect((await media(photo.thumb_filename, viewer, viewer.host)).statusCode).toBe(200);
    const [item] = await itemsAbout(owner.id);
    expect(item).toMatchObject({ source: 'photo', held: 0, status: 'open' });

    // A second photo is a change: the moderator sees the main photo beside it.
    const second = (await upload(owner)).profile.images[1]!;
    const secondItem = (await itemsAbout(owner.id))[1]!;
    const detail = (await staffCall('GET', `${PATH}/items/${secondItem.id}`)).json<ModerationItemDetail>();
    expect(detail.review).toMatchObject({
      held: false,
      photo: { filename: second.filename },
      previous_photo: { filename: photo.filename, thumb_filename: photo.thumb_filename },
    });

    expect((await decide(item!.id, 'remove', 'fake')).statusCode).toBe(200);
    const page = await pageSeenBy(viewer, owner.id);
    expect(page.images.map((image) => image.id)).toEqual([second.id]);
    expect(page.main_image?.id).toBe(second.id);
    expect((await media(photo.filename, viewer, viewer.host)).statusCode).toBe(404);
    expect((await media(photo.thumb_filename, owner, owner.host)).statusCode).toBe(404);
    expect((await t.smtp.waitForMail(owner.email)).text).toContain(
      'your profile photo was removed and is no longer shown to anyone.',
    );
  });

  it('keeps a changed about-me text from others until approved, showing the member their own marked as waiting', async () => {
    const owner = await member('before', { about: 'Walks by the sea.' });
    const viewer = await member('before');
    const saved = await saveAbout(owner, 'Dancing on Sundays.');
    expect(saved.profile.personal.about_me).toBe('Dancing on Sundays.');
    expect(saved.profile.personal_in_review).toEqual(['about_me']);
    expect((await pageSeenBy(viewer, owner.id)).notes).toEqual([{ name: 'about_me', text: 'Walks by the sea.' }]);

    const [item] = await itemsAbout(owner.id);
    expect(item).toMatchObject({
      source: 'text',
      subject: 'profile',
      held: 1,
      text_field: 'about_me',
      text_content: 'Dancing on Sundays.',
      previous_text: 'Walks by the sea.',
    });
    const detail = (await staffCall('GET', `${PATH}/items/${item!.id}`)).json<ModerationItemDetail>();
    expect(detail.review).toMatchObject({
      held: true,
      field: 'about_me',
      text: 'Dancing on Sundays.',
      previous_text: 'Walks by the sea.',
    });

    // Saving another part of the profile keeps the waiting text waiting.
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: headersOf(owner, owner.host),
      payload: { profile: { name: 'Els' } },
    });
    expect(other.json<User>().profile.personal_in_review).toEqual(['about_me']);
    expect((await itemsAbout(owner.id)).map((row) => row.status)).toEqual(['open']);

    expect((await decide(item!.id, 'approve', 'no_violation')).statusCode).toBe(200);
    expect((await pageSeenBy(viewer, owner.id)).notes).toEqual([{ name: 'about_me', text: 'Dancing on Sundays.' }]);
    const after = await ownUser(owner);
    expect(after.profile.personal).toEqual({ about_me: 'Dancing on Sundays.' });
    expect(after.profile.personal_in_review).toBeUndefined();
  });

  it('removes a waiting text, leaving what others saw, and tells the member', async () => {
    const owner = await member('before', { about: 'Walks by the sea.' });
    await saveAbout(owner, 'Call me on my mobile.');
    const [item] = await itemsAbout(owner.id);
    expect((await decide(item!.id, 'remove', 'contact_details')).statusCode).toBe(200);
    const user = await ownUser(owner);
    expect(user.profile.personal).toEqual({ about_me: 'Walks by the sea.' });
    expect(user.profile.personal_in_review).toBeUndefined();
    expect((await t.smtp.waitForMail(owner.email)).text).toContain('your about-me text was removed from your profile.');
  });

  it('shows a text at once on a site that reviews afterwards, and a removal clears it', async () => {
    const owner = await member('after');
    const viewer = await member('after');
    await saveAbout(owner, 'Write to me at anna@example.test');
    expect((await pageSeenBy(viewer, owner.id)).notes).toEqual([
      { name: 'about_me', text: 'Write to me at anna@example.test' },
    ]);
    const [item] = await itemsAbout(owner.id);
    expect(item).toMatchObject({ source: 'text', held: 0, previous_text: '' });
    expect((await decide(item!.id, 'remove', 'contact_details')).statusCode).toBe(200);
    expect((await pageSeenBy(viewer, owner.id)).notes).toEqual([]);
    expect((await ownUser(owner)).profile.personal).toEqual({});
    await t.smtp.waitForMail(owner.email);
  });

  it('withdraws an item when the member replaces or removes what it is about, so nobody decides on something gone', async () => {
    const owner = await member('before');
    await saveAbout(owner, 'First try.');
    await saveAbout(owner, 'Second try.');
    const photo = (await upload(owner)).profile.images[0]!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profileimage.php',
      headers: headersOf(owner, owner.host),
      payload: { id: photo.id },
    });
    expect(removed.statusCode).toBe(200);

    const items = await itemsAbout(owner.id);
    expect(items.map((row) => [row.source, row.text_content, row.status])).toEqual([
      ['text', 'First try.', 'withdrawn'],
      ['text', 'Second try.', 'open'],
      ['photo', null, 'withdrawn'],
    ]);
    const late = await staffCall('POST', `${PATH}/items/${items[0]!.id}/claim`);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { code: string } }>().error.code).toBe('item_decided');
    const queue = (await staffCall('GET', `${PATH}/items?kind=text`)).json<ModerationQueueResponse>();
    expect(queue.items.filter((entry) => entry.reported_member?.id === owner.id)).toHaveLength(1);

    // Cleared before the decision: gone at once, and nothing is left to review.
    await saveAbout(owner, '');
    const user = await ownUser(owner);
    expect(user.profile.personal).toEqual({});
    expect((await itemsAbout(owner.id)).map((row) => row.status)).toEqual(['withdrawn', 'withdrawn', 'withdrawn']);
  });

  it('files nothing on a site that does not review', async () => {
    const owner = await member('off');
    await upload(owner);
    await saveAbout(owner, 'Hello.');
    expect(await itemsAbout(owner.id)).toEqual([]);
    expect((await ownUser(owner)).profile.images[0]!.in_review).toBeUndefined();
  });

  it('takes a photo off with the account when a moderator bans its member from its item', async () => {
    const owner = await member('before');
    const photo = (await upload(owner)).profile.images[0]!;
    const [item] = await itemsAbout(owner.id);
    expect((await staffCall('POST', `${PATH}/items/${item!.id}/claim`)).statusCode).toBe(200);
    const banned = await staffCall('POST', `${PATH}/items/${item!.id}/decide-account`, {
      action: 'ban',
      reason: 'minor',
    });
    expect(banned.statusCode).toBe(200);
    expect(await db().selectFrom('member_images').select('id').where('id', '=', photo.id).execute()).toEqual([]);
    await t.smtp.waitForMail(owner.email);
  });

  it('refuses decisions that do not fit a review item, or grounds that do not fit the decision', async () => {
    const owner = await member('before');
    await upload(owner);
    const [item] = await itemsAbout(owner.id);
    expect((await staffCall('POST', `${PATH}/items/${item!.id}/claim`)).statusCode).toBe(200);
    for (const [action, reason, field] of [
      ['warn', 'spam', 'action'],
      ['dismiss', 'no_violation', 'action'],
      ['approve', 'spam', 'reason'],
      ['remove', 'no_violation', 'reason'],
    ] as const) {
      const response = await staffCall('POST', `${PATH}/items/${item!.id}/decide`, { action, reason });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(field);
    }
    expect((await itemsAbout(owner.id))[0]!.status).toBe('open');

    // Approving or removing is for photos and texts, not for a report about a member.
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: headersOf(await member('before'), HOSTS.before),
      payload: { profile: owner.id, reason: 'spam' },
    });
    expect(report.statusCode).toBe(200);
    const reportItem = (await itemsAbout(owner.id)).find((row) => row.source === 'report')!;
    const refused = await decide(reportItem.id, 'approve', 'no_violation');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty('action');
  });

  it('serves photo files in the console to staff only, and only files on record', async () => {
    const owner = await member('before');
    const photo = (await upload(owner)).profile.images[0]!;
    const url = `${PATH}/photos/${photo.filename}`;
    expect((await t.app.inject({ url, headers: browserHeaders() })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: owner.headers })).statusCode).toBe(403);
    expect((await staffCall('GET', `${PATH}/photos/${'0'.repeat(32)}.jpg`)).statusCode).toBe(404);
    expect((await staffCall('GET', `${PATH}/photos/not-a-name`)).statusCode).toBe(400);
  });

  it('takes the review mode from the site settings, refusing one it does not know', async () => {
    const admin = await staffCookies(db(), await insertStaff(db(), { role: 'admin' }));
    const configPath = `/api/console/sites/${siteIds.off}/config`;
    const current = (await t.app.inject({ url: configPath, headers: browserHeaders(admin) })).json<{
      config: Record<string, unknown> & { moderation: Record<string, unknown> };
      version: number;
    }>();
    const put = (review: string) =>
      t.app.inject({
        method: 'PUT',
        url: configPath,
        headers: browserHeaders(admin),
        payload: {
          config: { ...current.config, moderation: { ...current.config.moderation, profile_review: review } },
          version: current.version,
          preview: true,
        },
      });
    const refused = await put('sometimes');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty(
      'config.moderation.profile_review',
    );
    const preview = await put('before');
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ changes: { path: string }[] }>().changes.map((change) => change.path)).toEqual([
      'moderation.profile_review',
    ]);
    // Operators' settings only: the browser's settings carry no moderation.
    const settings = await t.app.inject({ url: '/api/settings.php', headers: { host: HOSTS.before } });
    expect(settings.json<Record<string, unknown>>()).not.toHaveProperty('moderation');
  });
});
