import { GENDERS } from '@rendezvous/contract';
import type { PageSettings } from '../../lib/web-context';

/** The site's allowed-value fields the profile shows (gender has its own column and select). */
export function allowedValueFields(settings: PageSettings): { name: string; values: string[] }[] {
  return [...new Set(settings.visible_profile_fields)]
    .filter((name) => name !== 'gender' && settings.allowed_values[name])
    .map((name) => ({ name, values: settings.allowed_values[name] ?? [] }));
}

/** The genders the site offers, in its order; both when it names none we know. */
export function genderOptions(settings: PageSettings): string[] {
  const allowed = settings.allowed_values.gender?.filter((value) => (GENDERS as readonly string[]).includes(value));
  return allowed && allowed.length > 0 ? allowed : [...GENDERS];
}
