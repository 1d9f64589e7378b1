import {
  CityFieldSchema,
  CountryFieldSchema,
  DateOfBirthSchema,
  GenderSchema,
  LocaleSchema,
  PersonalFieldSchema,
  PersonaNameSchema,
  VALIDATION,
  type PersonaDetail,
  type PersonaSite,
  type PersonaUpdate,
} from '@rendezvous/contract';
import { z } from 'zod';
import { EMPTY_DATE, joinDateParts, splitIsoDate } from '../../../../components/profile-fields/date-of-birth';
import type { LocationSettings } from '../../../../components/profile-fields/location-fields';

/**
 * The persona's profile fields as the form holds them (selects give text, the date comes in
 * three parts), checked by the contract's own field rules on the way out.
 */
export const PersonaProfileSchema = z.object({
  name: PersonaNameSchema,
  language: z.string().min(1, VALIDATION.required).pipe(LocaleSchema),
  gender: z.string().min(1, VALIDATION.required).pipe(GenderSchema),
  date_of_birth: z
    .object({ day: z.string(), month: z.string(), year: z.string() })
    // A half-chosen date reads as no date, which the rule refuses as it refuses a wrong one.
    .transform((parts) => joinDateParts(parts) ?? '')
    .pipe(DateOfBirthSchema),
  country: z.string().min(1, VALIDATION.required).pipe(CountryFieldSchema),
  countryregion: z.string().transform((region) => (region ? Number(region) : null)),
  city: CityFieldSchema,
  /** The site's allowed-value answers and about-me texts by field name; '' is no answer. */
  personal: z.record(z.string(), PersonalFieldSchema),
});
export type PersonaProfileInput = z.input<typeof PersonaProfileSchema>;
export type PersonaProfile = z.output<typeof PersonaProfileSchema>;

/**
 * The site's own fields a persona fills in: its allowed-value fields (gender has its own select)
 * and its about-me texts, as the server accepts them in `personal`.
 */
export function siteFieldsOf(site: PersonaSite) {
  return {
    choices: Object.entries(site.allowed_values)
      .filter(([name]) => name !== 'gender')
      .map(([name, values]) => ({ name, values })),
    notes: site.visible_profile_notes,
  };
}

/** The location fields' view of a persona's site: a persona may always name a town. */
export const locationSettingsOf = (site: PersonaSite): LocationSettings => ({
  countries: site.countries,
  region_data: site.region_data,
  signup: { showCity: true },
});

const personalNames = (site: PersonaSite) => {
  const { choices, notes } = siteFieldsOf(site);
  return [...choices.map((choice) => choice.name), ...notes];
};

/** An empty form for a new persona on `site`, in the site's language and, with one country, in it. */
export function newPersonaValues(site: PersonaSite): PersonaProfileInput {
  return {
    name: '',
    language: site.domain_language,
    gender: '',
    date_of_birth: EMPTY_DATE,
    country: site.countries.length === 1 ? (site.countries[0] ?? '') : '',
    countryregion: '',
    city: '',
    personal: Object.fromEntries(personalNames(site).map((name) => [name, ''])),
  };
}

export function personaValues(persona: PersonaDetail, site: PersonaSite): PersonaProfileInput {
  return {
    name: persona.name,
    language: persona.language,
    gender: persona.gender ?? '',
    date_of_birth: splitIsoDate(persona.date_of_birth),
    country: persona.country ?? '',
    countryregion: persona.countryregion === null ? '' : String(persona.countryregion),
    city: persona.city ?? '',
    personal: Object.fromEntries(personalNames(site).map((name) => [name, persona.personal[name] ?? ''])),
  };
}

/**
 * Only what differs from the persona as shown: the audit log then names what changed, and a
 * field left alone is never sent back over a change someone else made meanwhile. Null when
 * nothing changed.
 */
export function personaChanges(persona: PersonaDetail, profile: PersonaProfile): PersonaUpdate | null {
  const city = profile.city || null;
  const personal = Object.fromEntries(
    Object.entries(profile.personal)
      .filter(([name, value]) => (value || null) !== (persona.personal[name] ?? null))
      // '' takes the answer away.
      .map(([name, value]) => [name, value || null]),
  );
  const changes: PersonaUpdate = {
    ...(profile.name === persona.name ? {} : { name: profile.name }),
    ...(profile.language === persona.language ? {} : { language: profile.language }),
    ...(profile.gender === persona.gender ? {} : { gender: profile.gender }),
    ...(profile.date_of_birth === persona.date_of_birth ? {} : { date_of_birth: profile.date_of_birth }),
    ...(profile.country === persona.country ? {} : { country: profile.country }),
    ...(profile.countryregion === persona.countryregion ? {} : { countryregion: profile.countryregion }),
    ...(city === persona.city ? {} : { city }),
    ...(Object.keys(personal).length === 0 ? {} : { personal }),
  };
  return Object.keys(changes).length === 0 ? null : changes;
}
