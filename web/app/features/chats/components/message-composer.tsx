import { MESSAGE_MAX_LENGTH } from '@rendezvous/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** The counter appears this close to the limit, so it does not distract in ordinary messages. */
export const COUNTER_THRESHOLD = 200;
/** Beyond this height the textarea scrolls instead of growing over the conversation. */
const MAX_HEIGHT_PX = 160;

export interface MessageComposerProps {
  /** Accessible name of the textarea, e.g. "Message to Greta". */
  label: string;
  initialDraft?: string;
  /** Resolves true when the message went out; false puts the text back into the composer. */
  onSend: (body: string) => Promise<boolean>;
  /** Under the textarea: what a message costs. */
  note?: ReactNode;
}

/**
 * Enter sends and Shift+Enter starts a new line; the textarea grows with its text. One message at a
 * time: a second Enter while the first is on its way does nothing (spec §4, double submit).
 */
export function MessageComposer({ label, initialDraft = '', onSend, note }: MessageComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialDraft);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const counterId = `${ids}-counter`;
  const hintId = `${ids}-hint`;

  const remaining = MESSAGE_MAX_LENGTH - text.length;
  const tooLong = remaining < 0;
  const empty = text.trim() === '';

  useEffect(() => {
    // Set from an effect: the Content-Security-Policy forbids inline styles in the HTML.
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const submit = async () => {
    if (sendingRef.current || empty || tooLong) return;
    sendingRef.current = true;
    setSending(true);
    const body = text;
    setText('');
    try {
      const sent = await onSend(body);
      // Put the text back unless something new was typed in the meantime.
      if (!sent) setText((current) => (current === '' ? body : current));
    } finally {
      sendingRef.current = false;
      setSending(false);
      textarea.current?.focus();
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className="message-composer border-t border-line bg-page pt-2" onSubmit={handleSubmit} aria-busy={sending}>
      <div className="flex items-end gap-2">
        <label htmlFor={`${ids}-text`} className="sr-only">
          {label}
        </label>
        <textarea
          ref={textarea}
          id={`${ids}-text`}
          name="body"
          rows={1}
          value={text}
          placeholder={t('chats.message_placeholder')}
          aria-invalid={tooLong || undefined}
          aria-describedby={[hintId, remaining <= COUNTER_THRESHOLD ? counterId : ''].filter(Boolean).join(' ')}
          className="field-control min-h-11 flex-1 resize-none"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        <Button type="submit" loading={sending} disabled={empty || tooLong} className="min-h-11 shrink-0">
          {t('chats.send')}
        </Button>
      </div>
      <div className="mt-1 flex flex-wrap items-start justify-between gap-x-3 text-sm text-ink-muted">
        <p id={hintId} className="sr-only">
          {t('chats.composer_hint')}
        </p>
        {note ? <div className="min-w-0">{note}</div> : null}
        <div aria-live="polite">
          {tooLong ? (
            <p id={counterId} className="font-bold text-danger">
              {t('chats.too_long', { max: MESSAGE_MAX_LENGTH })}
            </p>
          ) : remaining <= COUNTER_THRESHOLD ? (
            <p id={counterId}>{t('chats.characters_left', { left: remaining })}</p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
