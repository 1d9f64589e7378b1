import { GENDERS, type PublicSettings } from '@rendezvous/contract';

/** The site's allowed-value fields the profile shows (gender has its own column and select). */
export function allowedValueFields(settings: PublicSettings): { name: string; values: string[] }[] {
  return [...new Set(settings.visible_profile_fields)]
    .filter((name) => name !== 'gender' && settings.allowed_values[name])
    .map((name) => ({ name, values: settings.allowed_values[name] ?? [] }));
}

/** The genders the site offers, in its order; both when it names none we know. */
export function genderOptions(settings: PublicSettings): string[] {
  const allowed = settings.allowed_values.gender?.filter((value) => (GENDERS as readonly string[]).includes(value));
  return allowed && allowed.length > 0 ? allowed : [...GENDERS];
}
