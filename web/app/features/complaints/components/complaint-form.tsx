import {
  ANONYMOUS_CATEGORY,
  COMPLAINT_CATEGORIES,
  COMPLAINT_EXPLANATION_MAX,
  COMPLAINT_LOCATION_MAX,
  COMPLAINT_SUBJECTS,
  ComplaintRequestSchema,
  DECISION_REFERENCE_MAX,
  type ComplaintCategory,
  type ComplaintRequest,
  type ComplaintSubject,
} from '@rendezvous/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { sendComplaint } from '../api/send-complaint';

export type ComplaintKind = ComplaintRequest['kind'];

/** What the page can fill in from its address: opened from a profile, a chat or a decision mail. */
export interface ComplaintPrefill {
  kind: ComplaintKind;
  subject: ComplaintSubject | '';
  location: string;
  member?: number;
  conversation?: number;
  decision: string;
}

export interface ComplaintFormProps {
  prefill: ComplaintPrefill;
  /** A logged-in member: their name and address are filled in. */
  reporter: { name: string; email: string } | null;
}

/** Field name to catalogue key, from the contract's checks here or the server's answer. */
type FieldErrors = Partial<Record<string, string>>;

/**
 * The DSA notice-and-action form (Art. 16) and, in its second mode, the objection to a decision
 * about one's own account (Art. 20). The same contract schema checks it here and on the server.
 */
export function ComplaintForm({ prefill, reporter }: ComplaintFormProps) {
  const { t, i18n } = useTranslation();
  const ids = { kind: useId(), goodFaith: useId() };
  const [kind, setKind] = useState<ComplaintKind>(prefill.kind);
  const [subject, setSubject] = useState<string>(prefill.subject);
  const [location, setLocation] = useState(prefill.location);
  const [category, setCategory] = useState<string>('');
  const [explanation, setExplanation] = useState('');
  const [name, setName] = useState(reporter?.name ?? '');
  const [email, setEmail] = useState(reporter?.email ?? '');
  const [goodFaith, setGoodFaith] = useState(false);
  const [decision, setDecision] = useState(prefill.decision);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);

  const anonymousAllowed = category === ANONYMOUS_CATEGORY;
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  /** A field's message goes once the person changes that field. */
  const edit =
    <T,>(field: string, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
    };

  function payload(): unknown {
    const language = i18n.language;
    if (kind === 'appeal') return { kind, decision, email, explanation, language };
    return {
      kind,
      subject,
      location,
      ...(prefill.member === undefined ? {} : { member: prefill.member }),
      ...(prefill.conversation === undefined ? {} : { conversation: prefill.conversation }),
      category,
      explanation,
      name,
      email,
      good_faith: goodFaith,
      language,
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = ComplaintRequestSchema.safeParse(payload());
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { reference } = await sendComplaint(parsed.data);
      setSent({ reference, email: parsed.data.email ?? '' });
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.body?.error.fields : undefined;
      if (fields) setErrors(fields);
      else
        setFailure(
          caught instanceof ApiError && caught.status === 429 ? 'complaints.rate_limited' : 'complaints.failed',
        );
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="space-y-3">
        <h2 className="heading text-xl">
          {t(kind === 'appeal' ? 'complaints.appeal_sent' : 'complaints.notice_sent')}
        </h2>
        <p>
          {t('complaints.reference_is')}{' '}
          <strong className="text-lg" translate="no">
            {sent.reference}
          </strong>
        </p>
        <p>
          {sent.email ? t('complaints.confirmation_mailed', { email: sent.email }) : t('complaints.keep_reference')}
        </p>
      </div>
    );
  }

  return (
    <form className="space-y-5" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="space-y-2">
        <legend className="field-label">{t('complaints.kind_label')}</legend>
        {(['notice', 'appeal'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-start gap-2">
            <input
              type="radio"
              className="mt-1 size-5 shrink-0 accent-brand"
              name={ids.kind}
              value={value}
              checked={kind === value}
              onChange={() => {
                setKind(value);
                setErrors({});
              }}
            />
            <span>{t(`complaints.kind_${value}`)}</span>
          </label>
        ))}
      </fieldset>

      {kind === 'notice' ? (
        <>
          <SelectField
            label={t('complaints.subject_label')}
            name="subject"
            required
            value={subject}
            placeholder={t('complaints.choose')}
            options={COMPLAINT_SUBJECTS.map((value) => ({ value, label: t(`complaints.subject_${value}`) }))}
            onChange={edit('subject', setSubject)}
            error={errorOf('subject')}
          />
          <div>
            <TextField
              label={t('complaints.location_label')}
              name="location"
              required
              value={location}
              onChange={edit('location', setLocation)}
              trim
              maxLength={COMPLAINT_LOCATION_MAX}
              hint={t('complaints.location_hint')}
              error={errorOf('location')}
            />
            {prefill.member !== undefined ? (
              <p className="field-hint">
                {t('complaints.member_reference', { member: prefill.member })}
                {prefill.conversation !== undefined
                  ? ` · ${t('complaints.conversation_reference', { conversation: prefill.conversation })}`
                  : null}
              </p>
            ) : null}
          </div>
          <SelectField
            label={t('complaints.category_label')}
            name="category"
            required
            value={category}
            placeholder={t('complaints.choose')}
            options={COMPLAINT_CATEGORIES.map((value: ComplaintCategory) => ({
              value,
              label: t(`complaints.category_${value}`),
            }))}
            onChange={edit('category', setCategory)}
            error={errorOf('category')}
          />
          <TextareaField
            label={t('complaints.explanation_label')}
            name="explanation"
            required
            value={explanation}
            onChange={edit('explanation', setExplanation)}
            maxLength={COMPLAINT_EXPLANATION_MAX}
            rows={5}
            hint={t('complaints.explanation_hint')}
            error={errorOf('explanation')}
          />
          <TextField
            label={t('complaints.name_label')}
            name="name"
            autoComplete="name"
            required={!anonymousAllowed}
            value={name}
            onChange={edit('name', setName)}
            trim
            error={errorOf('name')}
          />
          <TextField
            label={t('complaints.email_label')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required={!anonymousAllowed}
            value={email}
            onChange={edit('email', setEmail)}
            trim
            hint={t(anonymousAllowed ? 'complaints.anonymous_allowed' : 'complaints.email_hint')}
            error={errorOf('email')}
          />
          <div className="field">
            <label className="flex min-h-11 items-start gap-2">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-brand"
                name="good_faith"
                required
                checked={goodFaith}
                aria-invalid={errors.good_faith ? true : undefined}
                aria-describedby={errors.good_faith ? ids.goodFaith : undefined}
                onChange={(event) => edit('good_faith', setGoodFaith)(event.target.checked)}
              />
              <span>{t('complaints.good_faith')}</span>
            </label>
            <div aria-live="polite">
              {errors.good_faith ? (
                <p id={ids.goodFaith} className="field-error">
                  {errorOf('good_faith')}
                </p>
              ) : null}
            </div>
          </div>
        </>
      ) : (
        <>
          <p>{t('complaints.appeal_intro')}</p>
          <TextField
            label={t('complaints.decision_label')}
            name="decision"
            required
            value={decision}
            onChange={edit('decision', setDecision)}
            trim
            maxLength={DECISION_REFERENCE_MAX}
            hint={t('complaints.decision_hint')}
            error={errorOf('decision')}
          />
          <TextField
            label={t('complaints.email_label')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={edit('email', setEmail)}
            trim
            hint={t('complaints.email_hint')}
            error={errorOf('email')}
          />
          <TextareaField
            label={t('complaints.appeal_explanation_label')}
            name="explanation"
            required
            value={explanation}
            onChange={edit('explanation', setExplanation)}
            maxLength={COMPLAINT_EXPLANATION_MAX}
            rows={5}
            hint={t('complaints.explanation_hint')}
            error={errorOf('explanation')}
          />
        </>
      )}

      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <Button type="submit" block size="lg" loading={busy}>
        {t(kind === 'appeal' ? 'complaints.submit_appeal' : 'complaints.submit_notice')}
      </Button>
    </form>
  );
}
