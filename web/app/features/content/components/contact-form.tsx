import {
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECT_MAX,
  ContactRequestSchema,
  EMAIL_MAX,
  NAME_MAX,
  VisitorContactRequestSchema,
} from '@rendezvous/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextareaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale';
import { sendContactMessage } from '../api/send-contact';

type Field = 'name' | 'email' | 'subject' | 'message';
type Fields = Partial<Record<Field, string>>;

const EMPTY = { name: '', email: '', subject: '', message: '' };

/**
 * The service page's contact form (spec §2): support gets the message by mail, the sender a
 * confirmation. A member's name and address come from their account, so only a visitor types them.
 * The form is titled by the service text's own "contact form" heading.
 */
export function ContactForm({ member, labelledBy }: { member: boolean; labelledBy: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [values, setValues] = useState(EMPTY);
  const [fields, setFields] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSent(false);
    const language = locale === 'pseudo' ? null : locale;
    const parsed = member
      ? ContactRequestSchema.safeParse({ subject: values.subject, message: values.message, language })
      : VisitorContactRequestSchema.safeParse({ ...values, language });
    if (!parsed.success) {
      const problems: Fields = {};
      for (const issue of parsed.error.issues) problems[issue.path[0] as Field] ??= issue.message;
      setFields(problems);
      return;
    }
    setFields({});
    setFailure(null);
    setBusy(true);
    try {
      await sendContactMessage(parsed.data);
      setValues(EMPTY);
      setSent(true);
    } catch (caught) {
      const serverFields = caught instanceof ApiError ? caught.body?.error.fields : undefined;
      if (serverFields) setFields(serverFields);
      else setFailure(caught instanceof ApiError && caught.status === 429 ? 'service.rate_limited' : 'service.failed');
    } finally {
      setBusy(false);
    }
  }

  const error = (field: Field) => (fields[field] ? t(fields[field]) : undefined);

  return (
    <form className="card mt-6 space-y-4 p-5" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      {member ? (
        <p className="text-ink-muted">{t('service.member_note')}</p>
      ) : (
        <>
          <TextField
            label={t('service.name')}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            maxLength={NAME_MAX}
            required
            error={error('name')}
          />
          <TextField
            label={t('service.email')}
            hint={t('service.email_hint')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            maxLength={EMAIL_MAX}
            required
            error={error('email')}
          />
        </>
      )}
      <TextField
        label={t('service.subject')}
        name="subject"
        value={values.subject}
        onChange={set('subject')}
        maxLength={CONTACT_SUBJECT_MAX}
        required
        error={error('subject')}
      />
      <TextareaField
        label={t('service.message')}
        name="message"
        rows={6}
        value={values.message}
        onChange={set('message')}
        maxLength={CONTACT_MESSAGE_MAX}
        required
        error={error('message')}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <Button type="submit" variant="primary" loading={busy}>
          {t('service.submit')}
        </Button>
        {/* Present from the start, so the confirmation is announced when it appears. */}
        <p role="status" className={sent ? 'form-notice basis-full' : 'basis-full'}>
          {sent ? t('service.sent') : null}
        </p>
      </div>
    </form>
  );
}
