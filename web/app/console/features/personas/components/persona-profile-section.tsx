import type { PersonaDetail, PersonaSite } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { Section } from '../../../../components/ui/section';
import { DoneStatus } from '../../../components/console-section';
import { useSavedUntilEdit } from '../../../lib/use-saved-until-edit';
import { updatePersona, useShowPersona } from '../api/persona-calls';
import { personaFailureOf } from './persona-failure';
import {
  personaChanges,
  personaValues,
  PersonaProfileSchema,
  type PersonaProfile,
  type PersonaProfileInput,
} from './persona-form';
import { PersonaProfileFields } from './persona-profile-fields';

/** The profile members see: changed fields are sent, checked as on creation, their refusals beside them. */
export function PersonaProfileSection({ persona, site }: { persona: PersonaDetail; site: PersonaSite }) {
  const { t } = useTranslation();
  const show = useShowPersona();
  const { form, onSubmit, busy, failure } = useApiForm<PersonaProfileInput, PersonaProfile>({
    defaultValues: personaValues(persona, site),
    resolver: zodResolver(PersonaProfileSchema),
    recheckOnChange: true,
    send: async (profile) => {
      const changes = personaChanges(persona, profile);
      const saved = changes ? await updatePersona(persona.id, changes) : persona;
      show(saved);
      // The server's own spelling (trimmed, a region dropped with its country) from now on.
      form.reset(personaValues(saved, site));
      setSaved(true);
    },
    failureOf: personaFailureOf,
  });
  const [saved, setSaved] = useSavedUntilEdit(form.watch);

  return (
    <Section title={t('console.personas.profile.title')} intro={t('console.personas.profile.intro')}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
        <PersonaProfileFields form={form} site={site} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" loading={busy}>
            {t('console.personas.profile.save')}
          </Button>
          <DoneStatus>{saved && !busy ? t('console.personas.saved') : null}</DoneStatus>
        </div>
      </form>
    </Section>
  );
}
