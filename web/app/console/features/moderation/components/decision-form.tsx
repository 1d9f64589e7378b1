import {
  ACCOUNT_ACTIONS,
  REVIEW_ACTIONS,
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
  isReviewSource,
  type ModerationAction,
  type ModerationDecision,
  type ModerationQueueItem,
  type ModerationReason,
} from '@rendezvous/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { RadioGroupField } from '../../../../components/ui/choice-fields';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { TextareaField } from '../../../../components/ui/textarea-field';
import { useReconfirmed } from '../../../components/reconfirm';
import { decideAccount, decideItem } from '../api/moderation-calls';

/**
 * A report or notice is decided by one of these; an appeal lets the decision stand or lifts it; a
 * photo or text under review is approved or removed (or goes with the account).
 */
const ITEM_CHOICES: readonly ModerationAction[] = ['dismiss', 'warn', 'hide', 'suspend', 'ban'];
const APPEAL_CHOICES: readonly ModerationAction[] = ['dismiss', 'reverse'];
/** Approving says nothing was wrong: it has that ground only, and removing any other. */
const APPROVAL_GROUND: ModerationReason = 'no_violation';

function choicesFor(kind: ModerationQueueItem['kind']): readonly ModerationAction[] {
  if (kind === 'appeal') return APPEAL_CHOICES;
  return isReviewSource(kind) ? REVIEW_ACTIONS : ITEM_CHOICES;
}
const DEFAULT_SUSPEND_DAYS = '7';

const isAccountAction = (action: ModerationAction): action is (typeof ACCOUNT_ACTIONS)[number] =>
  (ACCOUNT_ACTIONS as readonly ModerationAction[]).includes(action);

/**
 * The decision on an item the moderator holds: what, on which ground (named in the statement of
 * reasons the member receives), for how long, and a note for the record. Decisions about the
 * account itself ask for the two-factor code again when the last one is old.
 */
export function DecisionForm({
  itemId,
  kind,
  reasons,
  onDecided,
  onFailed,
}: {
  itemId: number;
  kind: ModerationQueueItem['kind'];
  /** The grounds the item's site offers. */
  reasons: readonly ModerationReason[];
  onDecided: (decision: ModerationDecision) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const reconfirmed = useReconfirmed();
  const [action, setAction] = useState<ModerationAction | ''>('');
  const [reason, setReason] = useState<ModerationReason | ''>('');
  const [days, setDays] = useState(DEFAULT_SUSPEND_DAYS);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);

  const decide = useMutation({
    mutationFn: ({ chosen, ground }: { chosen: ModerationAction; ground: ModerationReason }) => {
      const text = note.trim() || undefined;
      if (!isAccountAction(chosen)) return decideItem(itemId, { action: chosen, reason: ground, note: text });
      return reconfirmed(() =>
        decideAccount(
          itemId,
          chosen === 'suspend'
            ? { action: chosen, reason: ground, days: Number(days), note: text }
            : { action: chosen, reason: ground, note: text },
        ),
      );
    },
    onSuccess: ({ decision }) => onDecided(decision),
    onError: onFailed,
  });

  const approving = action === 'approve';
  const grounds = action === 'remove' ? reasons.filter((code) => code !== APPROVAL_GROUND) : reasons;
  // A ground chosen before the decision changed may not fit it any more.
  const offered = reason && grounds.includes(reason) ? reason : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ground = approving ? APPROVAL_GROUND : offered;
    if (!action || !ground) {
      setMissing(true);
      return;
    }
    decide.mutate({ chosen: action, ground });
  };
  const actionLabel = (choice: ModerationAction) => {
    if (kind === 'appeal' && choice === 'dismiss') return t('console.moderation.actions.uphold');
    if (choice === 'remove' && isReviewSource(kind)) return t(`console.moderation.actions.remove_${kind}`);
    return t(`console.moderation.actions.${choice}`);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="moderation-decide-title"
      className="space-y-3 rounded border border-line p-3"
    >
      <h3 id="moderation-decide-title" className="heading text-lg">
        {t('console.moderation.decide.title')}
      </h3>
      <RadioGroupField
        legend={t('console.moderation.decide.action')}
        name="action"
        value={action}
        onChange={(value) => setAction(value as ModerationAction)}
        options={choicesFor(kind).map((choice) => ({
          value: choice,
          label: actionLabel(choice),
        }))}
        error={missing && !action ? t('validation.required') : undefined}
        required
      />
      {approving ? null : (
        <SelectField
          name="reason"
          label={t('console.moderation.decide.reason')}
          value={offered}
          onChange={(value) => setReason(value as ModerationReason)}
          placeholder={t('console.moderation.decide.choose_reason')}
          options={grounds.map((code) => ({ value: code, label: t(`console.moderation.reasons.${code}`) }))}
          error={missing && !offered ? t('validation.required') : undefined}
          required
        />
      )}
      {action === 'suspend' ? (
        <TextField
          name="days"
          type="number"
          inputMode="numeric"
          min={SUSPEND_DAYS_MIN}
          max={SUSPEND_DAYS_MAX}
          label={t('console.moderation.decide.days')}
          value={days}
          onChange={setDays}
          required
        />
      ) : null}
      <TextareaField
        name="note"
        label={t('console.moderation.decide.note')}
        hint={t('console.moderation.decide.note_hint')}
        value={note}
        onChange={setNote}
        rows={2}
      />
      <Button type="submit" loading={decide.isPending}>
        {t('console.moderation.decide.submit')}
      </Button>
    </form>
  );
}
