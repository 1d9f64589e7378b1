import type { SignupRequest } from '@rendezvous/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Footer } from '../components/shell/footer';
import { Button } from '../components/ui/button';
import { loadMatches } from '../features/match-finder/api/find-matches';
import { MatchList } from '../features/match-finder/components/match-list';
import { filtersFromSearch } from '../features/match-finder/lib/filters-from-search';
import { filtersToSearch, type MatchFilters } from '../features/match-finder/lib/match-filters';
import { FunnelHeader } from '../features/member-landers/components/funnel-header';
import { searchMembers } from '../features/search/api/search-calls';
import { SignupForm } from '../features/signup/components/signup-form';
import { trafficSourceNetworkFromCookies } from '../features/signup/lib/traffic-source';
import { useWebContext } from '../lib/use-web-context';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/signup-matches';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

const FINDER_PATH = '/match-finder';

/**
 * Where they look is where they live, so the new member's search takes in the same neighbour
 * country the finder did (spec §9). zod's catch-all types every extra key as text, so the
 * known numeric region needs the cast.
 */
const homeOf = (filters: MatchFilters) =>
  ({ country: filters.country, region: filters.countryregion || null }) as SignupRequest['profile'];
const SIGNUP_ID = 'match-signup';

/**
 * The finder's answers come in the address, so the matches are in the first HTML and the page
 * can be shared. Answers that are missing or that the site refuses start the finder over.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = filtersFromSearch(new URL(request.url).search, context.web.settings.countries);
  if (!filters) throw redirect(FINDER_PATH);
  const matches = await loadMatches(context, filters, trafficSourceNetworkFromCookies(request.headers.get('cookie')));
  if (!matches) throw redirect(FINDER_PATH);
  return { filters, matches };
}

/** Only new answers change the matches; the new account must not swap the cards under the form. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.search !== nextUrl.search;
}

/**
 * Spec §2 /signup-matches (empty layout, public): the finder's matches with the sign-up form.
 * Once the account exists the answers are saved as the member's search, so the first results in
 * the members area are these matches, in this order.
 */
export default function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { filters, matches } = loaderData;
  const { t } = useTranslation();
  const { user } = useWebContext();
  const navigate = useNavigate();
  // Fixed on arrival: the visitor who signs up here stays in the sign-up steps once the account exists.
  const [visitor] = useState(() => user === null);
  const [saving, setSaving] = useState(false);
  const count = matches.num_results;

  // A manual search saves the member's search (spec §4), which the next first load of /members starts from.
  const saveSearch = useCallback(async () => {
    await searchMembers({ manual_search: 1, ...filters, page: 1 });
  }, [filters]);

  return (
    <div className="signup-matches flex min-h-dvh flex-col bg-linear-to-b from-brand-soft to-page">
      <FunnelHeader tone="light" />
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 pb-10">
        <header className="space-y-3 py-2">
          <h1 className="heading text-3xl">
            {count > 0 ? t('match_finder.signup_title', { count }) : t('match_finder.signup_title_none')}
          </h1>
          <p>
            <a className="text-link tap-link font-semibold md:hidden" href={`#${SIGNUP_ID}`}>
              {t('match_finder.jump_to_signup')}
            </a>
          </p>
        </header>
        <div className="grid gap-6 md:grid-cols-[1fr_24rem] md:items-start">
          <div className="space-y-3">
            <MatchList profiles={matches.profiles} to={`#${SIGNUP_ID}`} label={t('match_finder.matches_label')} />
            <Link className="text-link" to={`${FINDER_PATH}?${filtersToSearch(filters)}`}>
              {t('match_finder.back_to_finder')}
            </Link>
          </div>
          <section
            id={SIGNUP_ID}
            className="card p-4 sm:p-6 md:sticky md:top-4"
            aria-label={t('match_finder.signup_label')}
          >
            {visitor ? (
              <SignupForm
                profile={homeOf(filters)}
                onAccountCreated={saveSearch}
                finishTo={{ path: NAMED_ROUTES.members, label: t('match_finder.finish') }}
              />
            ) : (
              <Button
                block
                size="lg"
                loading={saving}
                onClick={() => {
                  setSaving(true);
                  saveSearch()
                    .catch((error: unknown) => console.warn('saving the search failed', error))
                    .finally(() => void navigate(NAMED_ROUTES.members));
                }}
              >
                {t('match_finder.finish')}
              </Button>
            )}
          </section>
        </div>
      </div>
      <Footer />
    </div>
  );
}
