import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Footer } from '../components/shell/footer';
import { Button, ButtonLink } from '../components/ui/button';
import { MatchFinderQuestions } from '../features/match-finder/components/match-finder-questions';
import { MatchList } from '../features/match-finder/components/match-list';
import { useFoundMatches } from '../features/match-finder/hooks/use-found-matches';
import { parseMatchFilters } from '../features/match-finder/lib/filters-from-search';
import {
  filtersToSearch,
  servedFilters,
  signupMatchesPath,
  type MatchFilters,
} from '../features/match-finder/lib/match-filters';
import { FunnelHeader } from '../features/member-landers/components/funnel-header';
import { useTrafficSourceNetwork } from '../features/signup/lib/traffic-source';
import { useWebContext } from '../lib/use-web-context';
import type { Route } from './+types/match-finder';

/** A funnel for paid traffic, with the visitor's answers in the address: nothing for search engines. */
export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** The answers in the address: the server reads them for the first HTML, so the page paints without zod. */
export function loader({ request }: Route.LoaderArgs) {
  return { answers: parseMatchFilters(new URL(request.url).search) };
}

/** New answers, or going back to earlier ones, are read in the browser; the schema loads with the first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { parseMatchFilters: parse } = await import('../features/match-finder/lib/filters-from-search');
  return { answers: parse(new URL(request.url).search) };
}

/**
 * Spec §2 /match-finder (empty layout, public): three questions, then the members the real search
 * finds for them, ending in the sign-up at /signup-matches. The answers sit in the address, so
 * going back from the sign-up shows the same matches.
 */
export default function MatchFinder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  const navigate = useNavigate();
  const filters = servedFilters(loaderData.answers, settings.countries);
  const [editing, setEditing] = useState(false);
  const asking = !filters || editing;

  const done = (answers: MatchFilters) => {
    setEditing(false);
    void navigate(`?${filtersToSearch(answers)}`);
  };

  return (
    <div className="match-finder flex min-h-dvh flex-col bg-linear-to-b from-brand-soft to-page">
      <FunnelHeader tone="light" />
      <div className="mx-auto w-full max-w-3xl flex-1 space-y-5 px-4 pb-10">
        <header className="space-y-2 pt-2 text-center">
          <h1 className="heading text-3xl">{t('match_finder.title')}</h1>
          <p className="text-ink-muted">{t('match_finder.intro', { site: settings.name })}</p>
        </header>
        <div className={`card mx-auto p-4 sm:p-6 ${asking ? 'max-w-md' : ''}`}>
          {asking ? (
            <MatchFinderQuestions initial={filters} onDone={done} />
          ) : (
            <Results filters={filters} onChange={() => setEditing(true)} />
          )}
        </div>
      </div>
      <Footer />
    </div>
  );
}

function Results({ filters, onChange }: { filters: MatchFilters; onChange: () => void }) {
  const { t } = useTranslation();
  const found = useFoundMatches(filters, useTrafficSourceNetwork());
  const signupPath = signupMatchesPath(filters);
  const change = (
    <Button variant="ghost" size="sm" onClick={onChange}>
      {t('match_finder.change_answers')}
    </Button>
  );

  if (found.status === 'loading') {
    return (
      <p role="status" className="text-center text-ink-muted">
        {t('match_finder.searching')}
      </p>
    );
  }
  if (found.status === 'error') {
    return (
      <div className="space-y-3">
        <p className="form-alert" role="alert">
          {t(found.limited ? 'match_finder.rate_limited' : 'match_finder.failed')}
        </p>
        {change}
      </div>
    );
  }

  const { num_results: count, profiles } = found.result;
  return (
    <section className="space-y-4" aria-labelledby="match-finder-results">
      <h2 id="match-finder-results" className="heading text-2xl" aria-live="polite">
        {count > 0 ? t('match_finder.results_title', { count }) : t('match_finder.no_results')}
      </h2>
      {count > 0 ? (
        <>
          <MatchList profiles={profiles} to={signupPath} label={t('match_finder.matches_label')} />
          <ButtonLink block size="lg" to={signupPath}>
            {t('match_finder.to_signup')}
          </ButtonLink>
        </>
      ) : (
        <p>{t('match_finder.no_results_hint')}</p>
      )}
      {change}
    </section>
  );
}
