import type { OwnProfileImage, User } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { parsePersonal } from '../../lib/personal.js';
import { isPaidUser } from '../payments/premium-terms.js';

/** The user object of spec §3 for the session's member. */
export async function loadUser(db: Db, member: MemberRow, site: { fictionalIcon: boolean }): Promise<User> {
  const rows = await db
    .selectFrom('member_images')
    .select(['id', 'filename', 'thumb_filename', 'in_review'])
    .where('member_id', '=', member.id)
    .orderBy('position')
    .execute();
  // The member sees their own photos and texts waiting for review, marked as such (docs/decisions/022).
  const images: OwnProfileImage[] = rows.map(({ in_review, ...image }) =>
    in_review === 1 ? { ...image, in_review: true } : image,
  );
  const waiting = parsePersonal(member.personal_in_review);
  const inReview = Object.keys(waiting);
  return {
    email: member.email,
    mailprovider: member.mailprovider,
    fictional_icon: site.fictionalIcon,
    paid_user: isPaidUser(member, Date.now()),
    email_confirmed: member.status === 'active',
    signup_date: new Date(member.signup_at).toISOString(),
    profile: {
      id: member.id,
      name: member.name,
      country: member.country,
      countryregion: member.countryregion,
      city: member.city,
      gender: member.gender,
      date_of_birth: member.date_of_birth,
      main_image: images.find((image) => image.id === member.main_image_id) ?? images[0] ?? null,
      images,
      personal: { ...parsePersonal(member.personal), ...waiting },
      ...(inReview.length > 0 ? { personal_in_review: inReview } : {}),
    },
  };
}
