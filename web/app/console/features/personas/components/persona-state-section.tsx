import type { PersonaDetail, PersonaState } from '@rendezvous/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Section } from '../../../../components/ui/section';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DoneStatus } from '../../../components/console-section';
import { setPersonaState, useShowPersona } from '../api/persona-calls';
import { personaFailureOf } from './persona-failure';

/** What can follow each state; a retired persona comes back as active, never straight to hidden. */
const NEXT_STATES: Record<PersonaState, readonly PersonaState[]> = {
  active: ['hidden', 'retired'],
  hidden: ['active', 'retired'],
  retired: ['active'],
};

/** Each move's button and question, by where it goes from where. */
const moveOf = (from: PersonaState, to: PersonaState) => (to === 'active' ? `${from}_to_active` : `to_${to}`);

/** Whether members find the persona, only reach it through what they had, or no longer at all; each change asked first. */
export function PersonaStateSection({ persona }: { persona: PersonaDetail }) {
  const { t } = useTranslation();
  const show = useShowPersona();
  const [asking, setAsking] = useState<PersonaState | null>(null);
  const [changed, setChanged] = useState(false);

  const confirm = async (to: PersonaState) => {
    show(await setPersonaState(persona.id, to));
    setChanged(true);
    setAsking(null);
  };

  return (
    <Section title={t('console.personas.state_section.title')}>
      <p>
        <strong>{t(`console.personas.states.${persona.state}`)}</strong>
        {': '}
        {t(`console.personas.state_section.now_${persona.state}`)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {NEXT_STATES[persona.state].map((to) => (
          <Button
            key={to}
            variant={to === 'retired' ? 'danger' : 'secondary'}
            onClick={() => {
              setChanged(false);
              setAsking(to);
            }}
          >
            {t(`console.personas.state_section.${moveOf(persona.state, to)}`)}
          </Button>
        ))}
      </div>
      <DoneStatus>{changed ? t('console.personas.state_section.changed') : null}</DoneStatus>
      {asking ? (
        <ConfirmDialog
          title={t(`console.personas.state_section.${moveOf(persona.state, asking)}_title`, { name: persona.name })}
          cancelLabel={t('console.personas.cancel')}
          confirmLabel={t(`console.personas.state_section.${moveOf(persona.state, asking)}`)}
          confirmVariant={asking === 'retired' ? 'danger' : 'primary'}
          onClose={() => setAsking(null)}
          onConfirm={() => confirm(asking)}
          failureOf={personaFailureOf}
        >
          <p>{t(`console.personas.state_section.${moveOf(persona.state, asking)}_text`)}</p>
        </ConfirmDialog>
      ) : null}
    </Section>
  );
}
