import type { PersonaSite } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { personaQueryOptions } from '../api/persona-calls';
import { PERSONAS_PAGE_PATH } from '../persona-paths';
import { FictionalMark, PersonaStateBadge } from './persona-badges';
import { PersonaPhotosSection } from './persona-photos-section';
import { PersonaProfileSection } from './persona-profile-section';
import { PersonaSheetSection } from './persona-sheet-section';
import { PersonaStateSection } from './persona-state-section';

/** One persona: its profile, photos, persona sheet and state, each saved on its own. */
export function PersonaScreen({ id, sites }: { id: number; sites: readonly PersonaSite[] }) {
  const { t } = useTranslation();
  const persona = useQuery(personaQueryOptions(id));
  const site = sites.find((candidate) => candidate.id === persona.data?.site_id);
  const back = (
    <p>
      <Link to={PERSONAS_PAGE_PATH} className="underline">
        {t('console.personas.back')}
      </Link>
    </p>
  );

  if (persona.isPending) return <p role="status">{t('console.loading')}</p>;
  if (persona.isError) {
    // An address whose id is no number is refused as input (400); either way there is no such persona.
    const gone = persona.error instanceof ApiError && [400, 404].includes(persona.error.status);
    return (
      <div role="alert" className="space-y-3">
        <p>{t(gone ? 'console.personas.gone' : 'console.load_failed')}</p>
        {gone ? (
          back
        ) : (
          <Button variant="secondary" onClick={() => void persona.refetch()}>
            {t('console.retry')}
          </Button>
        )}
      </div>
    );
  }
  const { data } = persona;

  return (
    <div className="space-y-5">
      {back}
      <div>
        <h1 id="console-persona-title" className="heading text-2xl">
          <span translate="no">{data.name}</span>
          {site?.fictional_icon ? <FictionalMark /> : null}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <PersonaStateBadge state={data.state} />
          <span translate="no">{site?.name ?? data.site_id}</span>
          <span>· {t(`languages.${data.language}`, { defaultValue: data.language })}</span>
        </p>
      </div>
      {site ? <PersonaProfileSection persona={data} site={site} /> : null}
      <PersonaPhotosSection persona={data} />
      <PersonaSheetSection persona={data} />
      <PersonaStateSection persona={data} />
    </div>
  );
}
