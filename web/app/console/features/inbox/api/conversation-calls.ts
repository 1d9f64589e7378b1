import {
  CONSOLE_INBOX_PATHS,
  ConsoleMessagesResponseSchema,
  ConversationViewSchema,
  DraftResponseSchema,
  NoteResponseSchema,
  ReplyResponseSchema,
  consolePath,
  type NoteRequest,
} from '@rendezvous/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { INBOX_KEY } from './queue-calls';

export const conversationKey = (conversation: number) => [...INBOX_KEY, 'conversation', conversation] as const;

/** Everything the workspace shows of one conversation, with its latest page of messages. */
export function conversationQueryOptions(conversation: number) {
  return queryOptions({
    queryKey: conversationKey(conversation),
    queryFn: ({ signal }) =>
      apiRequest('GET', consolePath(CONSOLE_INBOX_PATHS.conversation, conversation), ConversationViewSchema, {
        signal,
      }),
  });
}

/**
 * The pages before the view's latest one, asked for by the operator. Keyed by where they start,
 * so a new message (which moves the latest page on) starts them again without overlap.
 */
export function olderMessagesQueryOptions(conversation: number, before: number) {
  return infiniteQueryOptions({
    queryKey: [...conversationKey(conversation), 'older', before],
    initialPageParam: before,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        'GET',
        `${consolePath(CONSOLE_INBOX_PATHS.messages, conversation)}?before=${pageParam}`,
        ConsoleMessagesResponseSchema,
        { signal },
      ),
    getNextPageParam: (page) => page.older ?? undefined,
  });
}

export const sendReply = (conversation: number, body: string) =>
  apiRequest('POST', consolePath(CONSOLE_INBOX_PATHS.reply, conversation), ReplyResponseSchema, { body: { body } });

/** Saves the composer's text; an empty text removes the draft. `keepalive` when the page is going away. */
export const saveDraft = (conversation: number, body: string, keepalive = false) =>
  apiRequest('PUT', consolePath(CONSOLE_INBOX_PATHS.draft, conversation), DraftResponseSchema, {
    body: { body },
    keepalive,
  });

export const addNote = (conversation: number, body: NoteRequest) =>
  apiRequest('POST', consolePath(CONSOLE_INBOX_PATHS.notes, conversation), NoteResponseSchema, { body });
