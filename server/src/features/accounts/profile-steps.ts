import {
  nameProblem,
  type SiteConfig,
  type UpdateLocationSchema,
  type UpdateProfileSchema,
} from '@rendezvous/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { seenChange } from '../../db/member-changes.js';
import type { MemberRow } from '../../db/schema.js';
import { invalidInput } from '../../errors.js';
import { parsePersonal } from '../../lib/personal.js';
import { checkProfile } from './profile-input.js';

/** The sign-up's location step, and the location on the profile page. */
export async function saveLocation(
  db: Db,
  site: SiteConfig,
  memberId: number,
  location: z.infer<typeof UpdateLocationSchema>,
): Promise<void> {
  const { columns } = await checkProfile(db, site, {
    country: location.country,
    region: location.countryregion ?? null,
    city: location.city ?? null,
  });
  await db
    .updateTable('members')
    .set({ ...columns, ...seenChange() })
    .where('id', '=', memberId)
    .execute();
}

/** The sign-up's personal and about steps, and each section of the profile page. */
export async function saveProfile(
  db: Db,
  site: SiteConfig,
  member: MemberRow,
  { profile }: z.infer<typeof UpdateProfileSchema>,
): Promise<void> {
  const { gender, date_of_birth, name, personal, ...extra } = profile;
  const nameRefused = name === undefined ? null : nameProblem(name, member.email);
  if (nameRefused) throw invalidInput({ 'profile.name': nameRefused });
  const checked = await checkProfile(db, site, { gender, date_of_birth, extra: { ...personal, ...extra } });
  // Each step and profile section saves its own part; other answers stay.
  const merged = { ...parsePersonal(member.personal), ...checked.personal };
  for (const field of checked.cleared) delete merged[field];
  await db
    .updateTable('members')
    .set({
      ...checked.columns,
      ...(name === undefined ? {} : { name }),
      personal: JSON.stringify(merged),
      ...seenChange(),
    })
    .where('id', '=', member.id)
    .execute();
}
