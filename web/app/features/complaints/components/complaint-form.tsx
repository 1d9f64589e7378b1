import {
  ANONYMOUS_CATEGORY,
  COMPLAINT_CATEGORIES,
  COMPLAINT_EXPLANATION_MAX,
  COMPLAINT_LOCATION_MAX,
  COMPLAINT_SUBJECTS,
  DECISION_REFERENCE_MAX,
  type ComplaintCategory,
  type ComplaintRequest,
  type ComplaintRequestSchema,
  type ComplaintSubject,
} from '@rendezvous/contract';
import { useId, useState } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  FormEmailField,
  FormSelectField,
  FormTextField,
  FormTextareaField,
} from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/forms/lazy-zod-resolver';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { complaintSchema, sendComplaint } from '../api/send-complaint';

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

/** Both kinds' fields in one form; the schema keeps the kind's own and drops the rest. */
interface ComplaintValues {
  kind: ComplaintKind;
  subject: string;
  location: string;
  member?: number;
  conversation?: number;
  category: string;
  explanation: string;
  /** Unknown to the schema's input: a blank one counts as not given. */
  name: unknown;
  email: unknown;
  good_faith: boolean;
  decision: string;
}

type ComplaintOutput = z.output<typeof ComplaintRequestSchema>;
// Widened to the form's values: the schema itself decides which of them a kind needs.
const checkComplaint = lazyZodResolver<Partial<ComplaintValues>, ComplaintOutput>(
  complaintSchema('ComplaintRequestSchema'),
);

/**
 * The DSA notice-and-action form (Art. 16) and, in its second mode, the objection to a decision
 * about one's own account (Art. 20). The same contract schema checks it here and on the server.
 */
export function ComplaintForm({ prefill, reporter }: ComplaintFormProps) {
  const { t, i18n } = useTranslation();
  const ids = { kind: useId(), goodFaith: useId() };
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const { form, control, onSubmit, busy, failure } = useApiForm<Partial<ComplaintValues>, ComplaintOutput>({
    defaultValues: {
      kind: prefill.kind,
      subject: prefill.subject,
      location: prefill.location,
      ...(prefill.member === undefined ? {} : { member: prefill.member }),
      ...(prefill.conversation === undefined ? {} : { conversation: prefill.conversation }),
      category: '',
      explanation: '',
      name: reporter?.name ?? '',
      email: reporter?.email ?? '',
      good_faith: false,
      decision: prefill.decision,
    } satisfies ComplaintValues,
    resolver: checkComplaint,
    send: async (complaint) => {
      const { reference } = await sendComplaint({ ...complaint, language: i18n.language });
      setSent({ reference, email: complaint.email ?? '' });
    },
    failureOf: (error) =>
      error instanceof ApiError && error.status === 429 ? 'complaints.rate_limited' : 'complaints.failed',
  });
  const kind = useWatch({ control, name: 'kind' }) ?? prefill.kind;
  const anonymousAllowed = useWatch({ control, name: 'category' }) === ANONYMOUS_CATEGORY;
  /** A field's message goes once the person changes that field. */
  const edit = (field: FieldPath<ComplaintValues>) => () => form.clearErrors(field);
  const goodFaithError = form.formState.errors.good_faith?.message;
  // Both kinds ask for the address and the explanation, each in its own place and words.
  const emailField = (required: boolean, hintKey: string) => (
    <FormEmailField
      control={control}
      onEdit={edit('email')}
      label={t('complaints.email_label')}
      name="email"
      required={required}
      hint={t(hintKey)}
    />
  );
  const explanationField = (labelKey: string) => (
    <FormTextareaField
      control={control}
      onEdit={edit('explanation')}
      label={t(labelKey)}
      name="explanation"
      required
      maxLength={COMPLAINT_EXPLANATION_MAX}
      rows={5}
      hint={t('complaints.explanation_hint')}
    />
  );

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
    <form className="space-y-5" onSubmit={onSubmit} noValidate>
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
                form.setValue('kind', value);
                form.clearErrors();
              }}
            />
            <span>{t(`complaints.kind_${value}`)}</span>
          </label>
        ))}
      </fieldset>

      {kind === 'notice' ? (
        <>
          <FormSelectField
            control={control}
            onEdit={edit('subject')}
            label={t('complaints.subject_label')}
            name="subject"
            required
            placeholder={t('complaints.choose')}
            options={COMPLAINT_SUBJECTS.map((value) => ({ value, label: t(`complaints.subject_${value}`) }))}
          />
          <div>
            <FormTextField
              control={control}
              onEdit={edit('location')}
              label={t('complaints.location_label')}
              name="location"
              required
              trim
              maxLength={COMPLAINT_LOCATION_MAX}
              hint={t('complaints.location_hint')}
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
          <FormSelectField
            control={control}
            onEdit={edit('category')}
            label={t('complaints.category_label')}
            name="category"
            required
            placeholder={t('complaints.choose')}
            options={COMPLAINT_CATEGORIES.map((value: ComplaintCategory) => ({
              value,
              label: t(`complaints.category_${value}`),
            }))}
          />
          {explanationField('complaints.explanation_label')}
          <FormTextField
            control={control}
            onEdit={edit('name')}
            label={t('complaints.name_label')}
            name="name"
            autoComplete="name"
            required={!anonymousAllowed}
            trim
          />
          {emailField(!anonymousAllowed, anonymousAllowed ? 'complaints.anonymous_allowed' : 'complaints.email_hint')}
          <div className="field">
            <label className="flex min-h-11 items-start gap-2">
              <input
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-brand"
                required
                aria-invalid={goodFaithError ? true : undefined}
                aria-describedby={goodFaithError ? ids.goodFaith : undefined}
                {...form.register('good_faith', { onChange: edit('good_faith') })}
              />
              <span>{t('complaints.good_faith')}</span>
            </label>
            <div aria-live="polite">
              {goodFaithError ? (
                <p id={ids.goodFaith} className="field-error">
                  {t(goodFaithError)}
                </p>
              ) : null}
            </div>
          </div>
        </>
      ) : (
        <>
          <p>{t('complaints.appeal_intro')}</p>
          <FormTextField
            control={control}
            onEdit={edit('decision')}
            label={t('complaints.decision_label')}
            name="decision"
            required
            trim
            maxLength={DECISION_REFERENCE_MAX}
            hint={t('complaints.decision_hint')}
          />
          {emailField(true, 'complaints.email_hint')}
          {explanationField('complaints.appeal_explanation_label')}
        </>
      )}

      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <Button type="submit" block size="lg" loading={busy}>
        {t(kind === 'appeal' ? 'complaints.submit_appeal' : 'complaints.submit_notice')}
      </Button>
    </form>
  );
}
