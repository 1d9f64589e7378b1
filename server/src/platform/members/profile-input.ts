import { VALIDATION, type SiteConfig } from '@rendezvous/contract';
import type { MembersTable } from '../../db/schema.js';
import { invalidInput } from '../../errors.js';

/** Where a region lies, to check it belongs to the chosen country. */
export interface RegionLookup {
  region(regionId: number): Promise<{ id: number; country: string } | undefined>;
}

export interface CheckedProfile {
  columns: Partial<Pick<MembersTable, 'country' | 'countryregion' | 'city' | 'gender' | 'date_of_birth'>>;
  /** Allowed-value answers and about-me texts, stored together in `members.personal`. */
  personal: Record<string, string>;
  /** Names sent empty (null or ''): a stored answer under them is removed. */
  cleared: string[];
}

export interface ProfileInput {
  country?: string | null;
  region?: number | null;
  city?: string | null;
  gender?: 'male' | 'female' | null;
  date_of_birth?: string | null;
  /** Allowed-value fields and about-me texts, by name. */
  extra?: Record<string, string | null | undefined>;
}

/**
 * Checks profile input against what the member's site offers (its countries,
 * their regions, the allowed values and about-me fields) and sorts it into columns.
 * The contract schema has already checked shapes and lengths. Members' sign-up and profile
 * (features/accounts) and the console's personas (features/console-personas) share it; a
 * refusal names its fields bare (`country`, `region`, the personal field's name).
 */
export async function checkProfile(
  regions: RegionLookup,
  site: SiteConfig,
  input: ProfileInput,
): Promise<CheckedProfile> {
  // No prototype, so a sent name like `__proto__` is stored as a field like any other.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const columns: CheckedProfile['columns'] = {};

  if (input.country !== undefined) {
    if (input.country !== null && !site.countries.includes(input.country)) fields.country = VALIDATION.country;
    columns.country = input.country;
  }
  if (input.region !== undefined) {
    const region = input.region ? await regions.region(input.region) : null;
    if (input.region && (!region || region.country !== (input.country ?? region.country)))
      fields.region = VALIDATION.region;
    columns.countryregion = input.region || null;
  }
  if (input.city !== undefined) columns.city = input.city?.trim() || null;
  if (input.gender !== undefined) columns.gender = input.gender;
  if (input.date_of_birth !== undefined) columns.date_of_birth = input.date_of_birth;

  // Entries, not objects indexed by the sent name: `constructor` or `__proto__` would reach the prototype.
  const personal: [string, string][] = [];
  const cleared: string[] = [];
  for (const [name, value] of Object.entries(input.extra ?? {})) {
    if (value === undefined) continue;
    const allowed = Object.hasOwn(site.allowed_values, name) ? site.allowed_values[name] : undefined;
    if (!allowed && !site.visible_profile_notes.includes(name)) {
      fields[name] = VALIDATION.unknownField;
      continue;
    }
    if (value === null || value.trim() === '') {
      cleared.push(name);
      continue;
    }
    if (allowed && !allowed.includes(value)) fields[name] = VALIDATION.choice;
    personal.push([name, value.trim()]);
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  return { columns, personal: Object.fromEntries(personal), cleared };
}
