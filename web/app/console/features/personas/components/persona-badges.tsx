import type { PersonaState } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';

/** The mark members see on a fictional profile where the site shows one (its `fictional_icon`). */
export function FictionalMark() {
  const { t } = useTranslation();
  return (
    <span className="badge ms-2 align-middle" title={t('console.personas.fictional')}>
      <span aria-hidden="true">★</span>
      <span className="sr-only">{t('console.personas.fictional')}</span>
    </span>
  );
}

const STATE_CLASSES: Record<PersonaState, string> = {
  active: 'bg-brand-soft',
  hidden: 'bg-surface-muted',
  retired: 'bg-danger-soft',
};

export function PersonaStateBadge({ state }: { state: PersonaState }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold text-ink ${STATE_CLASSES[state]}`}>
      {t(`console.personas.states.${state}`)}
    </span>
  );
}
