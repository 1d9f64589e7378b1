import { VALIDATION, type User } from '@rendezvous/contract';
import { useWatch, type Resolver, type ResolverResult } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocationFields } from '../../../components/profile-fields/location-fields';
import { fieldMessage } from '../../../components/profile-fields/messages';
import { updateLocation } from '../../../lib/user-calls';
import { useSectionForm } from '../hooks/use-section-form';
import { Section } from '../../../components/ui/section';
import { SectionForm } from './editor-section';
import type { PageSettings } from '../../../lib/web-context';
import { useSiteRegions } from '../../../components/profile-fields/site-regions';

export interface LocationSectionProps {
  user: User;
  settings: PageSettings;
  onSaved: (user: User) => void;
}

/** The member's country, else the site's only one. */
function initialCountry(user: User, settings: PageSettings): string {
  if (user.profile.country && settings.countries.includes(user.profile.country)) return user.profile.country;
  return settings.countries.length === 1 ? (settings.countries[0] ?? '') : '';
}

interface LocationFormValues {
  country: string;
  countryregion: string;
  city: string;
}

// A hand-made resolver rather than the contract's schema: the profile page loads no zod.
const requireCountry: Resolver<LocationFormValues> = (values): ResolverResult<LocationFormValues> => {
  if (values.country) return { values, errors: {} };
  return { values: {}, errors: { country: { type: 'required', message: VALIDATION.required } } };
};

/** Spec §2 step 3 again: country (when there is a choice), region and town. */
export function LocationSection({ user, settings, onSaved }: LocationSectionProps) {
  const { t } = useTranslation();
  const showCity = settings.signup.showCity;
  const { form, control, onSubmit, busy, saved, failure } = useSectionForm<LocationFormValues>({
    defaultValues: {
      country: initialCountry(user, settings),
      countryregion: user.profile.countryregion ? String(user.profile.countryregion) : '',
      city: user.profile.city ?? '',
    },
    resolver: requireCountry,
    save: ({ country, countryregion, city }) =>
      updateLocation({
        country,
        countryregion: countryregion ? Number(countryregion) : null,
        ...(showCity ? { city: city || null } : {}),
      }),
    onSaved,
  });
  // The fields are shared with sign-up, which holds them as one value; this form keeps the server's names.
  const [country, region, city] = useWatch({ control, name: ['country', 'countryregion', 'city'] });
  const { errors } = form.formState;
  const siteRegions = useSiteRegions();
  const regions = siteRegions?.[country] ?? [];

  // A site with one country, no regions and no town field leaves nothing to choose.
  if (settings.countries.length <= 1 && regions.length === 0 && !showCity) return null;

  return (
    <Section title={t('profile_edit.location_title')} intro={t('profile_edit.location_intro')}>
      <SectionForm
        submitLabel={t('profile_edit.location_save')}
        busy={busy}
        saved={saved}
        failure={failure}
        onSubmit={onSubmit}
      >
        <LocationFields
          settings={{ ...settings, region_data: siteRegions ?? {} }}
          value={{ country, region, city }}
          onChange={(next) => {
            form.setValue('country', next.country);
            form.setValue('countryregion', next.region);
            form.setValue('city', next.city);
          }}
          error={(field) => {
            const message = errors[field === 'region' ? 'countryregion' : field]?.message;
            return message ? fieldMessage(t, message, { name: field }) : undefined;
          }}
        />
      </SectionForm>
    </Section>
  );
}
