import { NoteRequestSchema, STAFF_NOTE_MAX_LENGTH, type NoteRequest, type StaffNote } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FormTextareaField } from '../../components/forms/form-fields';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { useApiForm } from '../../lib/forms/use-api-form';
import { formatDateTime, useRegional } from '../lib/regional';

/**
 * Staff's private notes about a member, newest first, and the form that adds one: the inbox and
 * the member page show the same notes. `add` sends the note; the form empties once it is stored.
 */
export function StaffNoteList({
  notes,
  add,
  failureOf,
}: {
  notes: readonly StaffNote[];
  add: (note: NoteRequest) => Promise<void>;
  failureOf: (error: unknown) => string;
}) {
  const { t } = useTranslation();
  const regional = useRegional();
  const { form, control, onSubmit, busy, failure } = useApiForm<NoteRequest, NoteRequest>({
    defaultValues: { body: '' },
    resolver: zodResolver(NoteRequestSchema),
    send: async (values) => {
      await add(values);
      form.reset();
    },
    failureOf,
  });

  return (
    <>
      {notes.length === 0 ? <p className="text-ink-muted">{t('console.inbox.notes.empty')}</p> : null}
      <ul className="space-y-2">
        {notes.map((note) => (
          <li key={note.id} className="rounded border border-line p-2">
            <p className="text-xs text-ink-muted">
              {note.staff ? <span translate="no">{note.staff.name}</span> : t('console.inbox.notes.former_staff')} ·{' '}
              {formatDateTime(Date.parse(note.created_at), regional)}
            </p>
            <p className="whitespace-pre-wrap" translate="no">
              {note.body}
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
        <FormTextareaField
          control={control}
          name="body"
          label={t('console.inbox.notes.add_label')}
          hint={t('console.inbox.notes.hint')}
          rows={2}
          maxLength={STAFF_NOTE_MAX_LENGTH}
        />
        <Button type="submit" size="sm" variant="secondary" loading={busy}>
          {t('console.inbox.notes.add')}
        </Button>
      </form>
    </>
  );
}
