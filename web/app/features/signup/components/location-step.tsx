import type { RegionsResponse, User } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationFields, type LocationValues } from '../../../components/profile-fields/location-fields';
import { fieldMessage } from '../../../components/profile-fields/messages';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { type GeocodeResult } from '../api/signup-calls';
import { updateLocation } from '../../../lib/user-calls';
import { visitorLocationQueryOptions } from '../lib/geolocation';
import { StepAlert, StepShell } from './step-shell';
import type { PageSettings } from '../../../lib/web-context';
import { useSiteRegions } from '../../../components/profile-fields/site-regions';

export interface LocationStepProps {
  user: User;
  settings: PageSettings;
  onDone: (user?: User) => void;
  focusTitle?: boolean;
  top?: ReactNode;
}

type Field = 'country' | 'region' | 'city';

/** The country to start from: the member's own, else where the visitor seems to be, else the only one. */
function initialCountry(user: User, settings: PageSettings): string {
  const candidates = [user.profile.country, settings.geoip_selected_country, settings.geoip_country];
  const known = candidates.find((code) => code && settings.countries.includes(code));
  if (known) return known;
  return settings.countries.length === 1 ? (settings.countries[0] ?? '') : '';
}

/** The member's own living area, with where the visitor seems to be instead when the site knows that country. */
function prefilled(
  user: User,
  settings: PageSettings,
  regions: RegionsResponse,
  found: GeocodeResult | null | undefined,
): LocationValues {
  const own = {
    country: initialCountry(user, settings),
    region: user.profile.countryregion ? String(user.profile.countryregion) : '',
    city: user.profile.city ?? '',
  };
  if (!found?.country || !settings.countries.includes(found.country)) return own;
  const known = (regions[found.country] ?? []).some((item) => item.id === found.countryregion);
  return {
    country: found.country,
    region: known && found.countryregion ? String(found.countryregion) : '',
    city: settings.signup.showCity && found.city ? found.city : own.city,
  };
}

/** Spec §2 step 3: country (when there is a choice), region and town; prefilled from where the visitor is. */
export function LocationStep({ user, settings, onDone, focusTitle, top }: LocationStepProps) {
  const { t } = useTranslation();
  // Spec §2: entering the step asks where the visitor is (cached up to an hour).
  const found = useQuery(visitorLocationQueryOptions()).data;
  // Once the visitor chose something, a late geolocation answer no longer changes it.
  const [chosen, setChosen] = useState<LocationValues | null>(null);
  const regions = useSiteRegions() ?? {};
  const { country, region, city } = chosen ?? prefilled(user, settings, regions, found);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const showCity = settings.signup.showCity;

  async function save() {
    if (!country || busy) return;
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      const updated = await updateLocation({
        country,
        countryregion: region ? Number(region) : null,
        ...(showCity ? { city: city || null } : {}),
      });
      setBusy(false);
      onDone(updated);
    } catch (error) {
      setBusy(false);
      const fields = error instanceof ApiError && error.status === 400 ? error.body?.error.fields : undefined;
      if (fields) {
        setErrors({
          country: fields.country,
          region: fields.countryregion ?? fields.region,
          city: fields.city,
        });
      } else {
        console.warn('Saving the living area failed', error);
        setFailure(t('signup.save_failed'));
      }
    }
  }

  const message = (field: Field) => (errors[field] ? fieldMessage(t, errors[field], { name: field }) : undefined);

  return (
    <StepShell
      title={t('signup.location_title')}
      intro={t('signup.location_intro')}
      focusTitle={focusTitle}
      top={top}
      actions={
        <>
          <Button block size="lg" loading={busy} disabled={!country} onClick={() => void save()}>
            {t('signup.location_save')}
          </Button>
          <Button block variant="ghost" disabled={busy} onClick={() => onDone()}>
            {t('signup.location_skip')}
          </Button>
        </>
      }
    >
      {failure ? <StepAlert>{failure}</StepAlert> : null}
      <LocationFields
        settings={{ ...settings, region_data: regions }}
        value={{ country, region, city }}
        onChange={setChosen}
        error={message}
      />
    </StepShell>
  );
}
