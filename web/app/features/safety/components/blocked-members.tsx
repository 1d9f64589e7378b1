import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useBlockedMembers, type BlockedMember } from '../hooks/use-blocked-members';

/**
 * The members this member blocked, on the /profile page, each with a button to undo the block:
 * unblocking is the only way back to someone a block hid everywhere else.
 */
export function BlockedMembers() {
  const { t } = useTranslation();
  const { state, unblock } = useBlockedMembers();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [unblocked, setUnblocked] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The row whose button was pressed. Once the call is over, focus goes back to that row: the same
  // member after a failure (the busy button was disabled), else the next one, or the heading when
  // the list is empty, rather than falling to the page with the removed button.
  const focusRow = useRef<number | null>(null);

  useEffect(() => {
    if (busyId !== null || focusRow.current === null) return;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(focusRow.current, buttons.length - 1)] ?? heading.current)?.focus();
    focusRow.current = null;
  }, [state, busyId]);

  async function undo(member: BlockedMember, row: number) {
    // One at a time: each answer is the whole list, and an older one must not bring a member back.
    if (busyId !== null) return;
    setBusyId(member.id);
    setUnblocked(null);
    setFailed(null);
    focusRow.current = row;
    try {
      await unblock(member.id);
      setUnblocked(member.name);
    } catch (error) {
      console.warn('Could not unblock the member', error);
      setFailed(member.name);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="card flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} ref={heading} tabIndex={-1} className="heading text-xl focus:outline-none">
          {t('safety.blocked_title')}
        </h2>
        <p className="mt-1 text-ink-muted">{t('safety.blocked_intro')}</p>
      </div>
      {state.status === 'loading' ? (
        <p role="status" className="text-ink-muted">
          {t('safety.blocked_loading')}
        </p>
      ) : state.status === 'error' ? (
        <FormAlert>{t('safety.blocked_load_failed')}</FormAlert>
      ) : state.blocked.length === 0 ? (
        <p className="text-ink-muted">{t('safety.blocked_empty')}</p>
      ) : (
        <ul ref={list} className="divide-y divide-line" aria-labelledby={headingId}>
          {state.blocked.map((member, row) => (
            <li key={member.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0 font-semibold break-words" translate="no">
                {member.name}
              </span>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                loading={busyId === member.id}
                aria-label={t('safety.unblock_named', { name: member.name })}
                onClick={() => void undo(member, row)}
              >
                {t('safety.unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failed ? <FormAlert>{t('safety.unblock_failed', { name: failed })}</FormAlert> : null}
      {/* There from the start, so the confirmation is announced; out of the flow (no gap) while empty. */}
      <p role="status" className={unblocked ? 'font-semibold' : 'sr-only'}>
        {unblocked ? t('safety.unblocked', { name: unblocked }) : null}
      </p>
    </section>
  );
}
