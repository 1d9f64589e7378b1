import type { ConversationView, StaffNote } from '@rendezvous/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StaffNoteList } from '../../../components/staff-note-list';
import { addNote, conversationKey } from '../api/conversation-calls';
import { inboxFormFailureOf } from '../lib/inbox-failure';

/** Private notes about the member, newest first; members never see them. */
export function StaffNotes({ conversation, notes }: { conversation: number; notes: readonly StaffNote[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  return (
    <section aria-labelledby="inbox-notes-title" className="space-y-2 text-sm">
      <h4 id="inbox-notes-title" className="font-semibold">
        {t('console.inbox.notes.title')}
      </h4>
      <StaffNoteList
        notes={notes}
        failureOf={inboxFormFailureOf}
        add={async (values) => {
          const { note } = await addNote(conversation, values);
          queryClient.setQueryData<ConversationView>(
            conversationKey(conversation),
            (view) => view && { ...view, member: { ...view.member, notes: [note, ...view.member.notes] } },
          );
        }}
      />
    </section>
  );
}
