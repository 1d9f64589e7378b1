import {
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  ContactRequestSchema,
  EMAIL_MAX,
  NAME_MAX,
  VisitorContactRequestSchema,
  type VisitorContactRequest,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField, FormTextareaField } from '../../../components/forms/form-fields';
import { SubmitRow } from '../../../components/forms/submit-row';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { useLocale } from '../../../lib/locale';
import { sendContactMessage } from '../api/send-contact';

// A member's name and address come from the account: only subject and message are checked and sent.
const MEMBER_FORM_SCHEMA = ContactRequestSchema.extend({ name: z.string(), email: z.string() });

const EMPTY: VisitorContactRequest = { name: '', email: '', subject: '', message: '' };

/**
 * The service page's contact form (spec §2): support gets the message by mail, the sender a
 * confirmation. A member's name and address come from their account, so only a visitor types them.
 * The form is titled by the service text's own "contact form" heading.
 */
export function ContactForm({ member, labelledBy }: { member: boolean; labelledBy: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [sent, setSent] = useState(false);
  const language = locale === 'pseudo' ? null : locale;
  const resolver: Resolver<VisitorContactRequest, unknown, VisitorContactRequest> = member
    ? zodResolver(MEMBER_FORM_SCHEMA)
    : zodResolver(VisitorContactRequestSchema);
  const { control, onSubmit, reset, busy, failure } = useApiForm({
    defaultValues: EMPTY,
    resolver,
    send: async ({ name, email, ...message }) => {
      await sendContactMessage({ ...message, ...(member ? {} : { name, email }), language });
      reset();
      setSent(true);
    },
    failureOf: (error) =>
      error instanceof ApiError && error.status === 429 ? 'service.rate_limited' : 'service.failed',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    setSent(false);
    onSubmit(event);
  }

  return (
    <form className="card mt-6 space-y-4 p-5" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      {member ? (
        <p className="text-ink-muted">{t('service.member_note')}</p>
      ) : (
        <>
          <FormTextField
            control={control}
            label={t('service.name')}
            name="name"
            autoComplete="name"
            maxLength={NAME_MAX}
            required
          />
          <FormTextField
            control={control}
            label={t('service.email')}
            hint={t('service.email_hint')}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            required
          />
        </>
      )}
      <FormTextField
        control={control}
        label={t('service.subject')}
        name="subject"
        maxLength={CONTACT_SUBJECT_MAX}
        required
      />
      <FormTextareaField
        control={control}
        label={t('service.message')}
        name="message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        required
      />
      <SubmitRow variant="primary" busy={busy} done={sent ? t('service.sent') : null}>
        {t('service.submit')}
      </SubmitRow>
    </form>
  );
}
