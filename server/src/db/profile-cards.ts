import type { ProfileCard } from '@rendezvous/contract';
import { ageOn } from '../lib/age.js';
import type { Db } from './database.js';
import { REACHABLE_STATUSES } from './schema.js';

/** A profile card as everyone sees it; whether the viewer liked it is added per viewer. */
export type MemberCard = Omit<ProfileCard, 'likes'>;

/**
 * The cards of these members in the given order (search, likes, chats all show the same card);
 * anyone deleted, banned or unconfirmed drops out, and with `listedOnly` (lists others browse, as
 * search) so does anyone not listed (a hidden persona).
 */
export async function readProfileCards(
  db: Db,
  ids: readonly number[],
  today = new Date(),
  { listedOnly = false } = {},
): Promise<MemberCard[]> {
  if (ids.length === 0) return [];
  let cards = db
    .selectFrom('members')
    .select([
      'id',
      'name',
      'date_of_birth',
      'city',
      'country',
      'countryregion',
      'language',
      'fictional',
      'main_image_id',
    ])
    .where('id', 'in', ids)
    .where('status', 'in', REACHABLE_STATUSES);
  if (listedOnly) cards = cards.where('listed', '=', 1);
  const [members, images] = await Promise.all([
    cards.execute(),
    db
      .selectFrom('member_images')
      .select(['id', 'member_id', 'thumb_filename'])
      .where('member_id', 'in', ids)
      // A photo waiting for review before publication is its member's alone (docs/decisions/022).
      .where('in_review', '=', 0)
      .orderBy('position')
      .execute(),
  ]);
  const byId = new Map(members.map((member) => [member.id, member]));
  const imagesOf = new Map<number, { id: number; thumb_filename: string }[]>();
  for (const { id, member_id, thumb_filename } of images) {
    const own = imagesOf.get(member_id);
    if (own) own.push({ id, thumb_filename });
    else imagesOf.set(member_id, [{ id, thumb_filename }]);
  }
  return ids.flatMap((id) => {
    const member = byId.get(id);
    if (!member) return [];
    const own = imagesOf.get(id) ?? [];
    const main = own.find((image) => image.id === member.main_image_id) ?? own[0];
    return [
      {
        id,
        name: member.name,
        age: member.date_of_birth ? ageOn(member.date_of_birth, today) : null,
        city: member.city,
        country: member.country,
        countryregion: member.countryregion,
        language: member.language,
        fictional: member.fictional === 1,
        main_image: main ? { thumb_filename: main.thumb_filename } : null,
        images: own,
      },
    ];
  });
}
