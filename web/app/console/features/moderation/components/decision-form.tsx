import {
  ACCOUNT_ACTIONS,
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
  type ModerationAction,
  type ModerationDecision,
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

/** A report or notice is decided by one of these; an appeal lets the decision stand or lifts it. */
const ITEM_CHOICES: readonly ModerationAction[] = ['dismiss', 'warn', 'hide', 'suspend', 'ban'];
const APPEAL_CHOICES: readonly ModerationAction[] = ['dismiss', 'reverse'];
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
  appeal,
  reasons,
  onDecided,
  onFailed,
}: {
  itemId: number;
  appeal: boolean;
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action || !reason) {
      setMissing(true);
      return;
    }
    decide.mutate({ chosen: action, ground: reason });
  };
  const actionLabel = (choice: ModerationAction) =>
    t(appeal && choice === 'dismiss' ? 'console.moderation.actions.uphold' : `console.moderation.actions.${choice}`);

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
        options={(appeal ? APPEAL_CHOICES : ITEM_CHOICES).map((choice) => ({
          value: choice,
          label: actionLabel(choice),
        }))}
        error={missing && !action ? t('validation.required') : undefined}
        required
      />
      <SelectField
        name="reason"
        label={t('console.moderation.decide.reason')}
        value={reason}
        onChange={(value) => setReason(value as ModerationReason)}
        placeholder={t('console.moderation.decide.choose_reason')}
        options={reasons.map((code) => ({ value: code, label: t(`console.moderation.reasons.${code}`) }))}
        error={missing && !reason ? t('validation.required') : undefined}
        required
      />
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
