import { SNIPPET_VARIABLES, SnippetUpdateRequestSchema, type SnippetUpdateRequest } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField, FormTextareaField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Modal } from '../../../../components/ui/modal';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { SNIPPETS_KEY, createPersonalSnippet, deleteSnippet, personalSnippetsQueryOptions } from '../api/snippet-calls';
import { inboxFailureOf, inboxFormFailureOf } from '../lib/inbox-failure';

type SnippetOutput = z.output<typeof SnippetUpdateRequestSchema>;

/**
 * The operator's own snippets: a list to remove from and a form to add one. The site's and
 * personas' snippets are managed by those who may (console/personas).
 */
export function PersonalSnippets({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const snippets = useQuery(personalSnippetsQueryOptions());
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);

  // Every list of snippets (each conversation's too) is read again.
  const refresh = () => queryClient.invalidateQueries({ queryKey: SNIPPETS_KEY });
  const { form, control, onSubmit, busy, failure } = useApiForm<SnippetUpdateRequest, SnippetOutput>({
    defaultValues: { shortcut: '', body: '' },
    resolver: zodResolver(SnippetUpdateRequestSchema),
    send: async (values) => {
      await createPersonalSnippet(values);
      form.reset();
      await refresh();
    },
    failureOf: inboxFormFailureOf,
  });
  const remove = useMutation({
    mutationFn: deleteSnippet,
    onMutate: () => setRemoveFailure(null),
    onSuccess: () => refresh(),
    onError: (error) => setRemoveFailure(inboxFailureOf(error).key),
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('console.inbox.snippets.mine')}
      footer={
        <Button type="submit" form={formId} loading={busy}>
          {t('console.inbox.snippets.add')}
        </Button>
      }
    >
      <div className="space-y-4">
        {snippets.isPending ? <p role="status">{t('console.loading')}</p> : null}
        {snippets.isError ? <p role="alert">{t('console.load_failed')}</p> : null}
        {removeFailure ? <FormAlert>{t(removeFailure)}</FormAlert> : null}
        {snippets.data?.snippets.length === 0 ? (
          <p className="text-ink-muted">{t('console.inbox.snippets.none_yet')}</p>
        ) : null}
        {snippets.data && snippets.data.snippets.length > 0 ? (
          <ul aria-label={t('console.inbox.snippets.mine')} className="space-y-2">
            {snippets.data.snippets.map((snippet) => (
              <li key={snippet.id} className="flex items-start justify-between gap-2 rounded border border-line p-2">
                <span className="min-w-0">
                  <span className="font-mono font-semibold" translate="no">
                    /{snippet.shortcut}
                  </span>
                  <span className="block whitespace-pre-wrap text-sm" translate="no">
                    {snippet.body}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  loading={remove.isPending && remove.variables === snippet.id}
                  onClick={() => remove.mutate(snippet.id)}
                >
                  {t('console.inbox.snippets.remove')}
                  <span className="sr-only" translate="no">
                    {' '}
                    /{snippet.shortcut}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}

        <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
          <h3 className="font-semibold">{t('console.inbox.snippets.new')}</h3>
          {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
          <FormTextField
            control={control}
            name="shortcut"
            label={t('console.inbox.snippets.shortcut')}
            hint={t('console.inbox.snippets.shortcut_hint')}
            autoComplete="off"
            trim
            required
          />
          <FormTextareaField
            control={control}
            name="body"
            label={t('console.inbox.snippets.body')}
            hint={t('console.inbox.snippets.body_hint', {
              variables: SNIPPET_VARIABLES.map((name) => `{${name}}`).join(' '),
            })}
            required
          />
        </form>
      </div>
    </Modal>
  );
}
