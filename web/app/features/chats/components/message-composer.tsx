import { MESSAGE_MAX_LENGTH } from '@rendezvous/contract';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useApiForm } from '../../../lib/forms/use-api-form';

/** The counter appears this close to the limit, so it does not distract in ordinary messages. */
export const COUNTER_THRESHOLD = 200;
/** Beyond this height the textarea scrolls instead of growing over the conversation. */
const MAX_HEIGHT_PX = 160;

const sendable = (text: string) => text.trim() !== '' && text.length <= MESSAGE_MAX_LENGTH;

export interface MessageComposerProps {
  /** Accessible name of the textarea, e.g. "Message to Greta". */
  label: string;
  initialDraft?: string;
  /**
   * Resolves true when the message went out; false puts the text back into the composer (the
   * conversation says why). A rejection puts it back too, with the composer's own message.
   */
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
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ids = useId();
  const counterId = `${ids}-counter`;
  const hintId = `${ids}-hint`;

  const { form, control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { body: initialDraft },
    send: async ({ body }) => {
      // The text leaves the box at once, as the message shows in the conversation while it goes out.
      form.setValue('body', '');
      let sent = false;
      try {
        sent = await onSend(body);
      } finally {
        // Put the text back unless something new was typed in the meantime.
        if (!sent && form.getValues('body') === '') form.setValue('body', body);
        textarea.current?.focus();
      }
    },
    failureOf: () => 'chats.send_failed',
  });
  const { field } = useController({ control, name: 'body', rules: { validate: sendable } });
  const text = field.value;

  const remaining = MESSAGE_MAX_LENGTH - text.length;
  const tooLong = remaining < 0;

  useEffect(() => {
    // Set from an effect: the Content-Security-Policy forbids inline styles in the HTML.
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <form className="message-composer border-t border-line bg-page pt-2" onSubmit={onSubmit} aria-busy={busy}>
      {failure ? (
        <div className="mb-2">
          <FormAlert>{t(failure)}</FormAlert>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={`${ids}-text`} className="sr-only">
          {label}
        </label>
        <textarea
          ref={textarea}
          id={`${ids}-text`}
          name={field.name}
          rows={1}
          value={text}
          placeholder={t('chats.message_placeholder')}
          aria-invalid={tooLong || undefined}
          aria-describedby={[hintId, remaining <= COUNTER_THRESHOLD ? counterId : ''].filter(Boolean).join(' ')}
          className="field-control min-h-11 flex-1 resize-none"
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          onKeyDown={handleKeyDown}
        />
        <Button type="submit" loading={busy} disabled={!sendable(text)} className="min-h-11 shrink-0">
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
