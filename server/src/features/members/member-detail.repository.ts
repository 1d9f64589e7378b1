import type { MemberDetail, SiteConfig } from '@rendezvous/contract';
import { notBlockedWith } from '../../db/blocks.js';
import type { Db } from '../../db/database.js';
import { likedAmong } from '../../db/likes.js';
import { REACHABLE_STATUSES, type MemberRow } from '../../db/schema.js';
import { ageOn } from '../../lib/age.js';
import { parsePersonal } from '../../lib/personal.js';

type Site = Pick<SiteConfig, 'visible_profile_fields' | 'visible_profile_notes'>;

/** Visible fields that are member columns; every other field name is read from `personal`. */
const COLUMN_FIELDS = ['city', 'gender', 'country'] as const satisfies readonly (keyof MemberRow)[];
type ColumnField = (typeof COLUMN_FIELDS)[number];
const isColumnField = (name: string): name is ColumnField => (COLUMN_FIELDS as readonly string[]).includes(name);

export function createMemberDetailRepository(db: Db) {
  return {
    /**
     * The page of an active member of this site, or undefined: deleted, banned, unconfirmed and
     * other sites' members look exactly like unknown ids, so ids reveal nothing; so do members
     * blocked either way by the viewer, and, to visitors, members hiding from search.
     */
    async find(
      siteId: number,
      id: number,
      site: Site,
      viewerId: number | null,
      today = new Date(),
    ): Promise<MemberDetail | undefined> {
      let query = db
        .selectFrom('members')
        .select([
          'id',
          'name',
          'date_of_birth',
          'gender',
          'city',
          'country',
          'countryregion',
          'language',
          'fictional',
          'main_image_id',
          'personal',
        ])
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .where('status', 'in', REACHABLE_STATUSES);
      // A member hiding from search is shown to members (a chat, a like leads there), not to visitors or landers.
      query = viewerId === null ? query.where('hidden_from_search', '=', 0) : query.where(notBlockedWith(viewerId));
      const member = await query.executeTakeFirst();
      if (!member) return undefined;
      const [images, liked] = await Promise.all([
        db
          .selectFrom('member_images')
          .select(['id', 'filename', 'thumb_filename'])
          .where('member_id', '=', id)
          // Waiting for review before publication: nobody else sees it yet (docs/decisions/022).
          .where('in_review', '=', 0)
          .orderBy('position')
          .execute(),
        viewerId === null ? new Set<number>() : likedAmong(db, viewerId, [id]),
      ]);
      const personal = parsePersonal(member.personal);
      const valueOf = (name: string) => (isColumnField(name) ? member[name] : personal[name])?.trim() ?? '';

      return {
        id: member.id,
        name: member.name,
        age: member.date_of_birth ? ageOn(member.date_of_birth, today) : null,
        gender: member.gender,
        city: member.city,
        country: member.country,
        countryregion: member.countryregion,
        language: member.language,
        fictional: member.fictional === 1,
        main_image: images.find((image) => image.id === member.main_image_id) ?? images[0] ?? null,
        images,
        fields: [...new Set(site.visible_profile_fields)]
          .map((name) => ({ name, value: valueOf(name) }))
          .filter((field) => field.value !== ''),
        notes: [...new Set(site.visible_profile_notes)]
          .map((name) => ({ name, text: personal[name]?.trim() ?? '' }))
          .filter((note) => note.text !== ''),
        likes: { did_like_profile: liked.has(id) },
      };
    },
  };
}
