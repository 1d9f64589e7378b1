import {
  MESSAGE_MAX_LENGTH,
  expandSnippet,
  snippetValuesOf,
  type ConversationView,
  type Snippet,
} from '@rendezvous/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { conversationKey, sendReply } from '../api/conversation-calls';
import { CLAIMS_KEY, QUEUE_KEY, claimConversation } from '../api/queue-calls';
import { conversationSnippetsQueryOptions } from '../api/snippet-calls';
import { inboxFailureOf, type InboxNotice } from '../lib/inbox-failure';
import { COMPOSER_KEYS } from '../lib/shortcuts';
import { insertSnippet, snippetTriggerAt } from '../lib/snippet-trigger';
import { useDraftAutosave, type DraftStatus } from '../lib/use-draft-autosave';
import { SnippetList } from './snippet-list';

/** The snippet list shows this many matches at most: typing more of the shortcut narrows it. */
const SNIPPET_MATCHES_MAX = 8;

const DRAFT_STATUS_KEYS: Record<DraftStatus, string | null> = {
  idle: null,
  saving: 'console.inbox.composer.draft_saving',
  saved: 'console.inbox.composer.draft_saved',
  failed: 'console.inbox.composer.draft_failed',
};

export interface ComposerProps {
  view: ConversationView;
  /** Whether the operator may answer here now (they hold the claim and the member is reachable). */
  writable: boolean;
  /** Why not, shown by the composer and read out with it. */
  blocked: string | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The server's clock, which the claim's times are on. */
  serverNow: () => number;
  /** Escape leaves the composer: the focus goes back to the workspace for the one-key shortcuts. */
  onLeave: () => void;
}

/**
 * The reply as the persona: its draft saved as the operator types, `/` and a shortcut for a
 * snippet, Ctrl/Cmd+Enter to send.
 */
export function Composer({ view, writable, blocked, textareaRef, serverNow, onLeave }: ComposerProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const conversation = view.conversation.id;
  const ids = { field: useId(), blocked: useId(), hint: useId(), list: useId() };
  const [text, setText] = useState(view.draft?.body ?? '');
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<InboxNotice | null>(null);
  const draft = useDraftAutosave(conversation, view.draft?.body ?? '');

  const snippets = useQuery({ ...conversationSnippetsQueryOptions(conversation), enabled: writable });
  const trigger = writable ? snippetTriggerAt(text, caret) : null;
  const picking = trigger !== null && trigger.start !== dismissed;
  const matches = picking
    ? (snippets.data?.snippets ?? [])
        .filter((snippet) => snippet.shortcut.startsWith(trigger.query))
        .slice(0, SNIPPET_MATCHES_MAX)
    : [];
  const values = snippetValuesOf(view);

  // After a snippet goes in, the caret stands after it rather than at the end of the text.
  const caretAfter = useRef<number | null>(null);
  useLayoutEffect(() => {
    const field = textareaRef.current;
    if (caretAfter.current === null || !field) return;
    field.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [text, textareaRef]);

  // Typing is no action of the claim's holder on the server: a long reply would outlast the idle
  // time. Past half of it, the claim is taken again, which refreshes it (docs/decisions/011).
  const refreshing = useRef(false);
  const keepClaim = () => {
    const claim = view.claim;
    if (!claim || refreshing.current) return;
    const idle = Date.parse(claim.expires_at) - Date.parse(claim.active_at);
    if (Date.parse(claim.expires_at) - serverNow() > idle / 2) return;
    refreshing.current = true;
    claimConversation(conversation)
      .then(({ claim: refreshed }) =>
        queryClient.setQueryData<ConversationView>(
          conversationKey(conversation),
          (current) => current && { ...current, claim: refreshed },
        ),
      )
      .catch((error: unknown) => {
        setFailure(inboxFailureOf(error));
        void queryClient.invalidateQueries({ queryKey: conversationKey(conversation) });
      })
      .finally(() => {
        refreshing.current = false;
      });
  };

  const change = (value: string, at: number) => {
    setText(value);
    setCaret(at);
    setActive(0);
    setFailure(null);
    draft.changed(value);
    keepClaim();
  };

  const insert = (snippet: Snippet) => {
    if (!trigger) return;
    const next = insertSnippet(text, trigger, caret, expandSnippet(snippet.body, values));
    caretAfter.current = next.caret;
    change(next.text, next.caret);
  };

  const reply = useMutation({
    mutationFn: (body: string) => sendReply(conversation, body),
    onSuccess: (answer) => {
      draft.sent();
      setText('');
      queryClient.setQueryData<ConversationView>(
        conversationKey(conversation),
        (current) =>
          current && {
            ...current,
            messages: [...current.messages.map((message) => ({ ...message, awaiting: false })), answer.message],
            claim: answer.claim,
            draft: null,
            waiting_since: null,
            past_target: false,
          },
      );
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      void queryClient.invalidateQueries({ queryKey: CLAIMS_KEY });
    },
    onError: (error) => {
      setFailure(inboxFailureOf(error));
      // The claim moved or lapsed: show who holds it now.
      void queryClient.invalidateQueries({ queryKey: conversationKey(conversation) });
    },
  });

  const send = () => {
    if (!writable || reply.isPending || text.trim() === '') return;
    reply.mutate(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picking && event.key === 'Escape') {
      event.preventDefault();
      setDismissed(trigger.start);
      return;
    }
    if (picking && matches.length > 0) {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((active + step + matches.length) % matches.length);
        return;
      }
      if (plain && (event.key === 'Enter' || event.key === 'Tab')) {
        event.preventDefault();
        insert(matches[active] ?? matches[0]!);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      onLeave();
    }
  };

  const status = DRAFT_STATUS_KEYS[draft.status];
  const names = { member: view.member.name, persona: view.persona.name };

  return (
    <div className="space-y-2">
      <label htmlFor={ids.field} className="field-label">
        {t('console.inbox.composer.label', names)}
      </label>
      {blocked ? (
        <p id={ids.blocked} className="rounded border border-line bg-surface-muted p-2">
          {blocked}
        </p>
      ) : null}
      <div className="relative">
        <textarea
          id={ids.field}
          ref={textareaRef}
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          disabled={!writable}
          readOnly={reply.isPending}
          className="field-control"
          aria-describedby={[blocked ? ids.blocked : '', ids.hint].filter(Boolean).join(' ')}
          aria-autocomplete="list"
          aria-controls={picking && matches.length > 0 ? ids.list : undefined}
          aria-activedescendant={picking && matches.length > 0 ? `${ids.list}-${active}` : undefined}
          onChange={(event) => change(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        {picking ? (
          <SnippetList
            id={ids.list}
            query={trigger.query}
            snippets={matches}
            loading={snippets.isPending}
            active={active}
            values={values}
            onPick={insert}
          />
        ) : null}
      </div>
      <p id={ids.hint} className="text-sm text-ink-muted">
        {t('console.inbox.composer.hint', { send: COMPOSER_KEYS.send, snippet: COMPOSER_KEYS.snippet })}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-ink-muted">
          {status ? t(status) : null}
        </p>
        <Button
          onClick={send}
          loading={reply.isPending}
          disabled={!writable || text.trim() === ''}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {t('console.inbox.composer.send')}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="font-semibold text-danger">
          {t(failure.key, failure.values)}
        </p>
      ) : null}
    </div>
  );
}
