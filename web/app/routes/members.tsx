import {
  showsPartnerAds,
  showsWebcamAds,
  visitorsMaySearch,
  type CamItem,
  type ProfileCard,
} from '@rendezvous/contract';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Button } from '../components/ui/button';
import { LikeButton } from '../features/likes/components/like-button';
import { PushPrompt } from '../features/push/components/push-prompt';
import { loadFirstSearch } from '../features/search/api/load-first-search';
import { camsQueryOptions } from '../features/search/api/search-calls';
import { trafficSourceNetworkFromCookies } from '../features/signup/lib/traffic-source';
import { NoMatches } from '../features/search/components/no-matches';
import { ResultsGrid } from '../features/search/components/results-grid';
import { SearchFiltersForm, SearchFiltersPlaceholder } from '../features/search/components/search-filters-form';
import { useMemberSearch, useSimilarSearch } from '../features/search/hooks/use-member-search';
import { useWebContext } from '../lib/use-web-context';
import type { Route } from './+types/members';

const positive = (value: string | null) => Math.max(1, Number.parseInt(value ?? '', 10) || 1);

/**
 * Spec §6: visitors see the search only where the site allows it or with a traffic source; else
 * login. The first search is asked here, so its cards are in the first HTML (issue 17).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, settings } = context.web;
  const trafficsource = trafficSourceNetworkFromCookies(request.headers.get('cookie'));
  const url = new URL(request.url);
  if (!user && !visitorsMaySearch(settings, trafficsource)) {
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const firstSearch = await loadFirstSearch(context, trafficsource, positive(url.searchParams.get('page')));
  // Decided once per page view, on the server, so the page and its hydration agree.
  return {
    trafficsource,
    firstSearch,
    // Without a feed the webcam slots stay empty and the performers are not asked for.
    webcamAds: settings.cams_feed && showsWebcamAds(user, settings, Date.now()),
    partnerAds: showsPartnerAds(user, settings),
  };
}

/**
 * Turning a page of results is the page's own search, not a new first load: the loader, and the
 * server's search in it, runs again only for another page or a change of who is looking.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** The address with one paging parameter changed, keeping the other (?page and ?similarpage page apart). */
function withParam(params: URLSearchParams, name: 'page' | 'similarpage', value: number): string {
  const next = new URLSearchParams(params);
  next.set(name, String(value));
  return `?${next}`;
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings, user } = useWebContext();
  const [params, setParams] = useSearchParams();
  const infinite = settings.search_paging === 'infinite';
  const page = positive(params.get('page'));
  const similarPage = positive(params.get('similarpage'));

  const search = useMemberSearch({ page, trafficsource: loaderData.trafficsource, initial: loaderData.firstSearch });
  const { state } = search;
  const fewResults = state.status === 'ready' && state.total < 12;
  const similar = useSimilarSearch(state.filters, fewResults, similarPage);
  const shown = new Set(state.profiles.map((profile) => profile.id));
  const similarProfiles = similar.profiles.filter((profile) => !shown.has(profile.id));
  const { webcamAds, partnerAds } = loaderData;
  const cams = useWebcamAds(state.filters, webcamAds);

  // New filters start at their first page, so the address must not keep the old one.
  const startOver = () => {
    if (params.has('page') || params.has('similarpage')) setParams({});
  };

  const hasMore = state.profiles.length < state.total && state.status !== 'error';
  const lastPage = Math.max(1, Math.ceil(state.total / 12));
  // Spec §6: only members like, and only on sites whose template has likes.
  const likeButton =
    user && settings.template.features.likes
      ? (profile: ProfileCard) => (
          <LikeButton profileId={profile.id} name={profile.name} liked={profile.likes.did_like_profile} />
        )
      : undefined;

  return (
    <div className="space-y-5">
      <h1 className="heading text-3xl">{t('search.title')}</h1>
      {/* Spec §6: members who skipped push at sign-up are asked here, where they return most. */}
      {user ? <PushPrompt publicKey={settings.push_pub} /> : null}
      {state.filters ? (
        <SearchFiltersForm
          filters={state.filters}
          onChange={(filters) => {
            search.change(filters);
            startOver();
          }}
        />
      ) : state.status === 'loading' ? (
        <SearchFiltersPlaceholder />
      ) : null}

      <p className="text-ink-muted" role="status">
        {state.status === 'loading' && state.profiles.length === 0
          ? t('search.loading')
          : state.status === 'ready'
            ? t('search.count', { count: state.total })
            : ''}
      </p>

      {state.status === 'error' ? (
        <div className="form-alert flex flex-wrap items-center gap-3" role="alert">
          <span>{t('search.failed')}</span>
          <Button variant="secondary" size="sm" onClick={search.retry}>
            {t('search.retry')}
          </Button>
        </div>
      ) : null}

      {state.status === 'ready' && state.total === 0 ? (
        <NoMatches
          similarFound={similarProfiles.length > 0}
          onShowAll={() => {
            search.reset();
            startOver();
          }}
        />
      ) : null}

      {/* While the first results load, their place keeps the footer below the screen, so it does not jump when they come. */}
      <section
        aria-labelledby="results-title"
        className={state.status === 'loading' && state.profiles.length === 0 ? 'min-h-dvh' : undefined}
      >
        {/* The cards' names are headings a level below this one, as under "similar profiles". */}
        <h2 id="results-title" className="sr-only">
          {t('search.results_label')}
        </h2>
        <ResultsGrid
          profiles={state.profiles}
          cams={webcamAds ? cams : null}
          partnerAds={partnerAds}
          label={t('search.results_label')}
          cardActions={likeButton}
        />
      </section>

      {infinite && hasMore ? <LoadMore loading={state.status === 'loading'} onLoad={search.loadMore} /> : null}
      {!infinite && state.total > 12 ? (
        <nav className="flex items-center justify-between gap-3" aria-label={t('search.pages_label')}>
          {page > 1 ? (
            <Link className="btn btn-secondary btn-md" to={withParam(params, 'page', page - 1)}>
              {t('search.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span>{t('search.page_of', { page, pages: lastPage })}</span>
          {page < lastPage ? (
            <Link className="btn btn-secondary btn-md" to={withParam(params, 'page', page + 1)}>
              {t('search.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      {similarProfiles.length > 0 ? (
        <section className="space-y-3" aria-labelledby="similar-title">
          <h2 id="similar-title" className="heading text-2xl">
            {t('search.similar_title')}
          </h2>
          <ResultsGrid
            profiles={similarProfiles}
            cams={null}
            partnerAds={false}
            label={t('search.similar_title')}
            cardActions={likeButton}
          />
          {similar.total > similarPage * 12 ? (
            <Link className="btn btn-secondary btn-md" to={withParam(params, 'similarpage', similarPage + 1)}>
              {t('search.more_similar')}
            </Link>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** Spec §2 load-more sentinel: loads the next page as it scrolls into view, or on a press. */
function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoad);
  useEffect(() => {
    latest.current = onLoad;
  }, [onLoad]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} className="flex justify-center">
      <Button variant="secondary" loading={loading} onClick={onLoad}>
        {t('search.load_more')}
      </Button>
    </div>
  );
}

/** Performers for the webcam slots, matching the search; a failed request is only logged (spec §8). */
function useWebcamAds(
  filters: { gender: string; min_age: number; max_age: number } | null,
  wanted: boolean,
): CamItem[] {
  const gender = filters?.gender ?? '';
  const params = { gender, min_age: filters?.min_age ?? 0, max_age: filters?.max_age ?? 0 };
  const cams = useQuery({ ...camsQueryOptions(params), enabled: wanted && gender !== '' && filters !== null }).data;
  return cams ? Object.values(cams.cams) : [];
}
