import type { PersonaSite } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { SelectField } from '../../../../components/ui/select-field';
import { LEAVING, useApiForm } from '../../../../lib/forms/use-api-form';
import { createPersona, useShowPersona } from '../api/persona-calls';
import { personaPagePath, PERSONAS_PAGE_PATH } from '../persona-paths';
import { personaFailureOf } from './persona-failure';
import { newPersonaValues, PersonaProfileSchema, type PersonaProfile, type PersonaProfileInput } from './persona-form';
import { PersonaProfileFields } from './persona-profile-fields';

/** A new persona: first its site (which decides the fields), then the profile members will see. */
export function PersonaCreateScreen({ sites }: { sites: readonly PersonaSite[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const site = sites.find((candidate) => String(candidate.id) === params.get('site')) ?? sites[0];

  return (
    <section aria-labelledby="console-persona-new-title" className="max-w-2xl space-y-5">
      <p>
        <Link to={PERSONAS_PAGE_PATH} className="underline">
          {t('console.personas.back')}
        </Link>
      </p>
      <h1 id="console-persona-new-title" className="heading text-2xl">
        {t('console.personas.create.title')}
      </h1>
      {site ? (
        <>
          <SelectField
            label={t('console.personas.fields.site')}
            hint={t('console.personas.create.site_hint')}
            name="site"
            value={String(site.id)}
            onChange={(id) => setParams({ site: id }, { replace: true })}
            options={sites.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
            translate="no"
            required
          />
          {/* Each site has its own countries and fields: another site starts a fresh form. */}
          <PersonaCreateForm key={site.id} site={site} />
        </>
      ) : (
        <p>{t('console.personas.no_sites')}</p>
      )}
    </section>
  );
}

function PersonaCreateForm({ site }: { site: PersonaSite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const show = useShowPersona();
  const hiddenId = useId();
  // Created hidden, e.g. to add photos and the sheet before any member finds the persona.
  const [hidden, setHidden] = useState(false);
  const { form, onSubmit, busy, failure } = useApiForm<PersonaProfileInput, PersonaProfile>({
    defaultValues: newPersonaValues(site),
    resolver: zodResolver(PersonaProfileSchema),
    recheckOnChange: true,
    send: async ({ city, personal, ...profile }) => {
      const persona = await createPersona({
        ...profile,
        site_id: site.id,
        city: city || null,
        // Unanswered fields are left out rather than stored empty.
        personal: Object.fromEntries(Object.entries(personal).filter(([, value]) => value !== '')),
        state: hidden ? 'hidden' : 'active',
      });
      show(persona);
      await navigate(personaPagePath(persona.id));
      return LEAVING;
    },
    failureOf: personaFailureOf,
  });

  return (
    <form className="card space-y-4 p-4 sm:p-5" onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <PersonaProfileFields form={form} site={site} />
      <div className="flex items-start gap-3">
        <input
          id={hiddenId}
          type="checkbox"
          className="mt-1 size-5 shrink-0"
          checked={hidden}
          onChange={(event) => setHidden(event.target.checked)}
        />
        <label htmlFor={hiddenId}>{t('console.personas.create.hidden')}</label>
      </div>
      <Button type="submit" loading={busy}>
        {t('console.personas.create.submit')}
      </Button>
    </form>
  );
}
