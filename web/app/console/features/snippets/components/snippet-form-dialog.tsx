import {
  MESSAGE_MAX_LENGTH,
  SNIPPET_VARIABLES,
  SnippetUpdateRequestSchema,
  expandSnippet,
  type Snippet,
  type SnippetUpdateRequest,
  type SnippetValues,
  type SnippetVariable,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextareaField, FormTextField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Modal } from '../../../../components/ui/modal';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { snippetFailureOf } from './snippet-failure';

/** The form's text, before the contract's schema trims it and lower-cases the shortcut. */
type SnippetText = { shortcut: string; body: string };

const variableKey = (variable: SnippetVariable) => `console.snippets.variables.${variable.replace('.', '_')}`;

/** A new snippet at the level chosen, or changes to one; the preview fills in sample values as the inbox will. */
export function SnippetFormDialog({
  snippet,
  sampleValues,
  save,
  onClose,
  onSaved,
}: {
  /** The snippet to change; null for a new one. */
  snippet: Snippet | null;
  sampleValues: SnippetValues;
  save: (text: SnippetUpdateRequest) => Promise<Snippet>;
  onClose: () => void;
  onSaved: (snippet: Snippet) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const { form, control, onSubmit, busy, failure } = useApiForm<SnippetText, SnippetUpdateRequest>({
    defaultValues: { shortcut: snippet?.shortcut ?? '', body: snippet?.body ?? '' },
    resolver: zodResolver(SnippetUpdateRequestSchema),
    recheckOnChange: true,
    send: async (text) => onSaved(await save(text)),
    failureOf: snippetFailureOf,
  });
  const body = useWatch({ control, name: 'body' });

  /** Puts the variable where the cursor is in the text, and the cursor after it. */
  const insert = (variable: SnippetVariable) => {
    const field = bodyRef.current;
    const token = `{${variable}}`;
    const start = field?.selectionStart ?? body.length;
    const end = field?.selectionEnd ?? body.length;
    form.setValue('body', body.slice(0, start) + token + body.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={snippet ? t('console.snippets.form.edit_title') : t('console.snippets.form.create_title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('console.snippets.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('console.snippets.form.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <form id={formId} className="space-y-4" onSubmit={onSubmit} noValidate>
          {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
          <FormTextField
            control={control}
            name="shortcut"
            label={t('console.snippets.form.shortcut')}
            hint={t('console.snippets.form.shortcut_hint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            trim
            required
          />
          <FormTextareaField
            ref={bodyRef}
            control={control}
            name="body"
            label={t('console.snippets.form.body')}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={6}
            required
          />
          <section aria-labelledby={`${formId}-preview`} className="space-y-2">
            <h3 id={`${formId}-preview`} className="font-semibold">
              {t('console.snippets.form.preview')}
            </h3>
            <p className="text-sm text-ink-muted">{t('console.snippets.form.preview_hint')}</p>
            <p className="rounded-lg bg-surface-muted p-3 whitespace-pre-wrap" translate="no" aria-live="polite">
              {expandSnippet(body, sampleValues)}
            </p>
          </section>
        </form>
        <section aria-labelledby={`${formId}-variables`} className="space-y-2">
          <h3 id={`${formId}-variables`} className="font-semibold">
            {t('console.snippets.form.variables')}
          </h3>
          <p className="text-sm text-ink-muted">{t('console.snippets.form.variables_hint')}</p>
          <ul className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2">
            {SNIPPET_VARIABLES.map((variable) => (
              <li key={variable} className="col-span-2 grid grid-cols-subgrid items-center">
                <Button
                  size="sm"
                  variant="ghost"
                  className="font-mono"
                  aria-label={t('console.snippets.form.insert', { variable: `{${variable}}` })}
                  onClick={() => insert(variable)}
                >
                  <span translate="no">{`{${variable}}`}</span>
                </Button>
                <span className="text-sm">{t(variableKey(variable))}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Modal>
  );
}
