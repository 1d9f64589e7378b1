import {
  CONSOLE_INBOX_PATHS,
  SnippetDeleteResponseSchema,
  SnippetResponseSchema,
  SnippetsResponseSchema,
  consolePath,
  type SnippetUpdateRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { INBOX_KEY } from './queue-calls';

export const SNIPPETS_KEY = [...INBOX_KEY, 'snippets'] as const;

/** The snippets usable in one conversation: its persona's, its site's and the caller's own. */
export function conversationSnippetsQueryOptions(conversation: number) {
  return queryOptions({
    queryKey: [...SNIPPETS_KEY, 'conversation', conversation],
    queryFn: ({ signal }) =>
      apiRequest('GET', consolePath(CONSOLE_INBOX_PATHS.conversationSnippets, conversation), SnippetsResponseSchema, {
        signal,
      }),
  });
}

/** The caller's own snippets. */
export function personalSnippetsQueryOptions() {
  return queryOptions({
    queryKey: [...SNIPPETS_KEY, 'personal'],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_INBOX_PATHS.snippets}?scope=personal`, SnippetsResponseSchema, { signal }),
  });
}

export const createPersonalSnippet = (snippet: SnippetUpdateRequest) =>
  apiRequest('POST', CONSOLE_INBOX_PATHS.snippets, SnippetResponseSchema, { body: { scope: 'personal', ...snippet } });

export const deleteSnippet = (id: number) =>
  apiRequest('DELETE', consolePath(CONSOLE_INBOX_PATHS.snippet, id), SnippetDeleteResponseSchema);
