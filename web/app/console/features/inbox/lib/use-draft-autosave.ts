import type { ConversationView } from '@rendezvous/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { conversationKey, saveDraft } from '../api/conversation-calls';

/** A pause in typing this long saves the draft. */
export const DRAFT_SAVE_DELAY_MS = 800;
/** Someone typing without a pause still has their text saved this often. */
export const DRAFT_MAX_WAIT_MS = 5_000;

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves the composer's text as the conversation's draft (PUT …/draft) after each pause in typing
 * and when the composer goes (another tab, another page), so it survives a reload and comes back
 * in the tab. The cached view holds the latest text at once: a tab opened again starts from it.
 * A reload or a closed tab unmounts nothing, so the page being hidden saves what is pending too,
 * with `keepalive` because the page may be gone before the answer comes.
 */
export function useDraftAutosave(conversation: number, savedBody: string) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DraftStatus>('idle');
  /** What the server holds; null after a failed save, so the next change is sent whatever it is. */
  const saved = useRef<string | null>(savedBody);
  const pending = useRef<{ body: string; since: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const flush = (leaving = false) => {
    clearTimeout(timer.current);
    const body = pending.current?.body;
    pending.current = null;
    if (body === undefined || body === saved.current) return;
    saved.current = body;
    queryClient.setQueryData<ConversationView>(
      conversationKey(conversation),
      (view) => view && { ...view, draft: body.trim() ? { body, updated_at: new Date().toISOString() } : null },
    );
    if (mounted.current) setStatus('saving');
    saveDraft(conversation, body, leaving).then(
      () => {
        if (mounted.current && pending.current === null) setStatus('saved');
      },
      (error: unknown) => {
        console.warn('Could not save the draft', error);
        saved.current = null;
        if (mounted.current) setStatus('failed');
      },
    );
  };
  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });

  useEffect(() => {
    mounted.current = true;
    const leave = () => flushRef.current(true);
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', leave);
      mounted.current = false;
      leave();
    };
  }, []);

  return {
    status,
    /** The text changed: save it after a pause. */
    changed(body: string) {
      const since = pending.current?.since ?? Date.now();
      pending.current = { body, since };
      clearTimeout(timer.current);
      if (Date.now() - since >= DRAFT_MAX_WAIT_MS) flush();
      else timer.current = setTimeout(() => flushRef.current(), DRAFT_SAVE_DELAY_MS);
    },
    /** The text was sent: the server dropped the draft with it, and nothing pending may bring it back. */
    sent() {
      clearTimeout(timer.current);
      pending.current = null;
      saved.current = '';
      setStatus('idle');
    },
  };
}
