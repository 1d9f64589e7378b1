import { similarFilters, type ProfileCard, type SearchFilterOptions, type SearchResponse } from '@rendezvous/contract';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavigationType, useNavigationType } from 'react-router';
import {
  cacheFirstSearch,
  memberSearchQueryOptions,
  savedFiltersQueryOptions,
  searchQueryOptions,
  useShowEveryone,
} from '../api/search-calls';

export type SearchStatus = 'loading' | 'ready' | 'error';

export interface SearchState {
  status: SearchStatus;
  filters: SearchFilterOptions | null;
  profiles: ProfileCard[];
  total: number;
}

export interface MemberSearchOptions {
  /** The page the address asks for (paging mode). */
  page: number;
  trafficsource: string | undefined;
  /** The first load's answer, when the page's loader asked it on the server; null when it did not get one. */
  initial: SearchResponse | null;
}

/**
 * Spec §4 search: the first request is the auto load (the saved search or the defaults); after it
 * the server's filters drive the form and every change is a manual search from page 1. Every
 * answer is in the app's cache by its filters and page, so back and forward find the list as it
 * was, and React Router puts the scroll back; a new visit starts from the saved search again.
 */
export function useMemberSearch({ page, trafficsource, initial }: MemberSearchOptions) {
  const queryClient = useQueryClient();
  const returning = useNavigationType() === NavigationType.Pop;
  const savedOptions = savedFiltersQueryOptions(trafficsource, page);
  // The loader's answer is the first load (issue 17: the cards come with the first HTML), once per
  // visit of the page, before anything reads the cache, so the server's render and the browser's
  // agree and nothing is asked twice. Coming back finds the list as it was left instead.
  const [fromLoader] = useState(() => {
    if (!initial || (returning && queryClient.getQueryData(savedOptions.queryKey) !== undefined)) return false;
    cacheFirstSearch(queryClient, initial, trafficsource, page);
    return true;
  });
  const saved = useQuery({ ...savedOptions, refetchOnMount: returning || fromLoader ? false : 'always' });
  const showEveryone = useShowEveryone(trafficsource);

  // A filter change starts at page 1 while the address, which still names the old page, catches up.
  const [restartedOn, setRestartedOn] = useState<number | null>(null);
  if (restartedOn !== null && restartedOn !== page) setRestartedOn(null);
  const firstPage = restartedOn === null ? page : 1;
  const asked = saved.data;
  // While a new visit asks the server for the saved search, the one cached before waits for its answer.
  const results = useInfiniteQuery({ ...memberSearchQueryOptions(asked, firstPage), enabled: !saved.isFetching });
  const pages = results.data?.pages;
  // The filters asked for show at once, so a second change made before the answer builds on the first.
  const filters = pages?.[0]?.filter_options ?? asked ?? null;

  const state: SearchState = saved.isFetching
    ? { status: 'loading', filters: null, profiles: [], total: 0 }
    : saved.isError
      ? { status: 'error', filters: null, profiles: [], total: 0 }
      : showEveryone.isPending || showEveryone.isError
        ? { status: showEveryone.isPending ? 'loading' : 'error', filters, profiles: [], total: 0 }
        : {
            status: results.isPending || results.isFetchingNextPage ? 'loading' : results.isError ? 'error' : 'ready',
            filters,
            profiles: pages?.flatMap((answer) => answer.profiles) ?? [],
            total: pages?.at(-1)?.paging.num_results ?? 0,
          };

  const startOver = () => {
    setRestartedOn(page);
    showEveryone.reset();
  };

  return {
    state,
    /**
     * Spec §4: a change of gender, age, country or region clears the results and reloads from
     * page 1; in paging mode the caller takes ?page off the address.
     */
    change(next: SearchFilterOptions) {
      startOver();
      // The manual search saves them on the server, so they are the saved search from now on; it
      // is asked even when these filters were searched before, or the server would keep the old ones.
      queryClient.setQueryData(savedOptions.queryKey, next);
      void queryClient.resetQueries({ queryKey: memberSearchQueryOptions(next, 1).queryKey, exact: true });
    },
    /** Back to every member, from the defaults the server saves. */
    reset() {
      startOver();
      showEveryone.mutate(asked);
    },
    loadMore() {
      if (state.status === 'ready') void results.fetchNextPage();
    },
    retry() {
      if (saved.isError) void saved.refetch();
      else if (showEveryone.isError) showEveryone.mutate(asked);
      else if (pages) void results.fetchNextPage();
      else void results.refetch();
    },
  };
}

/**
 * Spec §7 similar search for few results: region 0, ages widened, never saved; paged by
 * ?similarpage, the last page staying in view while the next one loads.
 */
export function useSimilarSearch(filters: SearchFilterOptions | null, enabled: boolean, page: number) {
  const params = { manual_search: 1, do_not_save: 1, ...(filters ? similarFilters(filters) : {}), page };
  const query = useQuery({
    ...searchQueryOptions(params),
    enabled: enabled && filters !== null,
    placeholderData: keepPreviousData,
  });
  return { profiles: enabled ? (query.data?.profiles ?? []) : [], total: query.data?.paging.num_results ?? 0 };
}
