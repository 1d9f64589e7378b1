import type { ConsolePersona } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useRegional } from '../../../lib/regional';

const SHEET_PARTS = ['character', 'tone', 'facts', 'avoid'] as const;

/** Who the operator writes as: the profile members see, and the sheet only staff see. */
export function PersonaSheet({ persona }: { persona: ConsolePersona }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const place = [persona.city, persona.region, persona.country].filter(Boolean).join(', ');
  const texts = Object.values(persona.personal).filter((text) => text.trim() !== '');

  return (
    <section aria-labelledby="inbox-persona-title" className="card space-y-3 p-4">
      <h3 id="inbox-persona-title" className="heading text-lg">
        {t('console.inbox.persona.title')} <span translate="no">{persona.name}</span>
      </h3>
      <p className="text-sm">
        {persona.age !== null ? t('console.inbox.person.age', { age: persona.age }) : null}
        {persona.gender ? ` · ${t(`console.inbox.person.gender.${persona.gender}`)}` : null}
        {place ? (
          <>
            {' · '}
            <span translate="no">{place}</span>
          </>
        ) : null}
        {` · ${t(`languages.${persona.language}`)}`}
      </p>
      {persona.sheet ? (
        <dl className="space-y-2 text-sm">
          {SHEET_PARTS.map((part) => (
            <div key={part}>
              <dt className="font-semibold">{t(`console.inbox.persona.${part}`)}</dt>
              <dd className="whitespace-pre-wrap" translate="no">
                {persona.sheet?.[part] || t('console.inbox.persona.empty')}
              </dd>
            </div>
          ))}
          <div>
            <dt className="font-semibold">{t('console.inbox.persona.updated')}</dt>
            <dd>{formatDateTime(Date.parse(persona.sheet.updated_at), regional)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-ink-muted">{t('console.inbox.persona.no_sheet')}</p>
      )}
      {texts.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">{t('console.inbox.persona.profile_texts')}</summary>
          {texts.map((text, index) => (
            <p key={index} className="mt-2 whitespace-pre-wrap" translate="no">
              {text}
            </p>
          ))}
        </details>
      ) : null}
    </section>
  );
}
