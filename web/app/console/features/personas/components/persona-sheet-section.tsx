import {
  PERSONA_SHEET_TEXT_MAX,
  PersonaSheetSchema,
  type PersonaDetail,
  type PersonaSheet,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormTextareaField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { Section } from '../../../../components/ui/section';
import { DoneStatus } from '../../../components/console-section';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { useSavedUntilEdit } from '../../../lib/use-saved-until-edit';
import { savePersonaSheet, useShowPersona } from '../api/persona-calls';
import { personaFailureOf } from './persona-failure';

const PARTS = ['character', 'tone', 'facts', 'avoid'] as const satisfies readonly (keyof PersonaSheet)[];

const sheetOf = ({ sheet }: PersonaDetail): PersonaSheet => ({
  character: sheet.character,
  tone: sheet.tone,
  facts: sheet.facts,
  avoid: sheet.avoid,
});

/** What the operator reads beside the conversation while writing as the persona; members never see it. */
export function PersonaSheetSection({ persona }: { persona: PersonaDetail }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const show = useShowPersona();
  const { form, control, onSubmit, busy, failure } = useApiForm<PersonaSheet>({
    defaultValues: sheetOf(persona),
    resolver: zodResolver(PersonaSheetSchema),
    recheckOnChange: true,
    send: async (sheet) => {
      const saved = await savePersonaSheet(persona.id, sheet);
      show(saved);
      form.reset(sheetOf(saved));
      setSaved(true);
    },
    failureOf: personaFailureOf,
  });
  const [saved, setSaved] = useSavedUntilEdit(form.watch);
  const { updated_at: updatedAt, updated_by: updatedBy } = persona.sheet;

  return (
    <Section title={t('console.personas.sheet.title')} intro={t('console.personas.sheet.intro')}>
      {updatedAt ? (
        <p className="text-sm text-ink-muted">
          {t(updatedBy ? 'console.personas.sheet.changed_by' : 'console.personas.sheet.changed', {
            time: formatDateTime(Date.parse(updatedAt), regional),
            name: updatedBy?.name ?? '',
          })}
        </p>
      ) : null}
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
        {PARTS.map((part) => (
          <FormTextareaField
            key={part}
            control={control}
            name={part}
            label={t(`console.personas.sheet.${part}`)}
            hint={t(`console.personas.sheet.${part}_hint`)}
            maxLength={PERSONA_SHEET_TEXT_MAX}
            trim
          />
        ))}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" loading={busy}>
            {t('console.personas.sheet.save')}
          </Button>
          <DoneStatus>{saved && !busy ? t('console.personas.saved') : null}</DoneStatus>
        </div>
      </form>
    </Section>
  );
}
