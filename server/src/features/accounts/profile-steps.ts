import {
  nameProblem,
  type SiteConfig,
  type UpdateLocationSchema,
  type UpdateProfileSchema,
} from '@rendezvous/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { invalidInput } from '../../errors.js';
import { parsePersonal } from '../../lib/personal.js';
import { createAccountsRepository } from './accounts.repository.js';
import { checkProfile } from '../../platform/members/profile-input.js';
import { reviewModeFor, reviewTexts } from '../../platform/moderation/profile-review.js';

/** The sign-up's location, personal and about steps, which the profile page's sections reuse. */
export function createProfileSteps(db: Db) {
  const accounts = createAccountsRepository(db);
  return {
    async saveLocation(site: SiteConfig, memberId: number, location: z.infer<typeof UpdateLocationSchema>) {
      const { columns } = await checkProfile(accounts, site, {
        country: location.country,
        region: location.countryregion ?? null,
        city: location.city ?? null,
      });
      await accounts.updateProfile(memberId, columns);
    },

    /**
     * Saves the profile step or section sent. Changed about-me texts are reviewed as the site says
     * (docs/decisions/022): filed for a moderator, and held back from others until approved when
     * the site reviews before publication.
     */
    async saveProfile(
      site: { id: number; config: SiteConfig },
      member: MemberRow,
      { profile }: z.infer<typeof UpdateProfileSchema>,
    ) {
      const { gender, date_of_birth, name, personal, ...extra } = profile;
      const nameRefused = name === undefined ? null : nameProblem(name, member.email);
      if (nameRefused) throw invalidInput({ 'profile.name': nameRefused });
      const checked = await checkProfile(accounts, site.config, {
        gender,
        date_of_birth,
        extra: { ...personal, ...extra },
      });
      await db.transaction().execute(async (trx) => {
        const now = await trx
          .selectFrom('members')
          .select(['personal', 'personal_in_review'])
          .where('id', '=', member.id)
          .executeTakeFirstOrThrow();
        const before = parsePersonal(now.personal);
        const waiting = parsePersonal(now.personal_in_review);
        // Each step and profile section saves its own part; other answers, and texts waiting, stay.
        const merged = { ...before, ...waiting, ...checked.personal };
        for (const field of checked.cleared) delete merged[field];
        const texts = await reviewTexts(trx, {
          siteId: site.id,
          memberId: member.id,
          mode: reviewModeFor(site.config.moderation, member),
          notes: site.config.visible_profile_notes,
          before,
          waiting,
          personal: merged,
        });
        await createAccountsRepository(trx).updateProfile(member.id, {
          ...checked.columns,
          ...(name === undefined ? {} : { name }),
          personal: JSON.stringify(texts.personal),
          personal_in_review: JSON.stringify(texts.personalInReview),
        });
      });
    },
  };
}
