import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from './country-names';

export { useCountryNames, useRegionalCode } from './country-names';

/** Month names in the interface language, January first. */
export function useMonthNames(): string[] {
  const regional = useRegionalCode();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(regional, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2000, month, 1))));
  }, [regional]);
}

/** "relationship" → "Relationship": the fallback label for a site field the catalogue does not know. */
function humanize(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Labels for the site's own profile fields and their value codes (settings.allowed_values,
 * visible_profile_notes). Known ones are in the catalogue; a field a site adds later still shows.
 */
export function useProfileFieldLabels() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      field: (name: string) => t(`signup.field_${name}`, { defaultValue: humanize(name) }),
      value: (name: string, value: string) => t(`signup.value_${name}_${value}`, { defaultValue: humanize(value) }),
      note: (name: string) => t(`signup.note_${name}`, { defaultValue: humanize(name) }),
    }),
    [t],
  );
}
