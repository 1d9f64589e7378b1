import {
  CONSOLE_INBOX_PATHS,
  SnippetDeleteResponseSchema,
  SnippetResponseSchema,
  SnippetsResponseSchema,
  consolePath,
  type SnippetCreateRequest,
  type SnippetLevel,
  type SnippetUpdateRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

export const SNIPPETS_KEY = [CONSOLE_QUERY_KEY, 'snippets'] as const;

/** One level's snippets: a site's, a persona's, or the caller's own. */
export function snippetsQueryOptions(level: SnippetLevel) {
  const search = new URLSearchParams(Object.entries(level).map(([name, value]) => [name, String(value)]));
  return queryOptions({
    queryKey: [...SNIPPETS_KEY, level],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_INBOX_PATHS.snippets}?${search.toString()}`, SnippetsResponseSchema, { signal }),
  });
}

export const createSnippet = (body: SnippetCreateRequest) =>
  apiRequest('POST', CONSOLE_INBOX_PATHS.snippets, SnippetResponseSchema, { body });

export const updateSnippet = (id: number, body: SnippetUpdateRequest) =>
  apiRequest('PUT', consolePath(CONSOLE_INBOX_PATHS.snippet, id), SnippetResponseSchema, { body });

export const deleteSnippet = (id: number) =>
  apiRequest('DELETE', consolePath(CONSOLE_INBOX_PATHS.snippet, id), SnippetDeleteResponseSchema);
