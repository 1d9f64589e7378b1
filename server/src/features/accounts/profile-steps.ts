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

    async saveProfile(site: SiteConfig, member: MemberRow, { profile }: z.infer<typeof UpdateProfileSchema>) {
      const { gender, date_of_birth, name, personal, ...extra } = profile;
      const nameRefused = name === undefined ? null : nameProblem(name, member.email);
      if (nameRefused) throw invalidInput({ 'profile.name': nameRefused });
      const checked = await checkProfile(accounts, site, { gender, date_of_birth, extra: { ...personal, ...extra } });
      // Each step and profile section saves its own part; other answers stay.
      const merged = { ...parsePersonal(member.personal), ...checked.personal };
      for (const field of checked.cleared) delete merged[field];
      await accounts.updateProfile(member.id, {
        ...checked.columns,
        ...(name === undefined ? {} : { name }),
        personal: JSON.stringify(merged),
      });
    },
  };
}
