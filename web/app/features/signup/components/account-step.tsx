import {
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  VALIDATION,
  defaultName,
  nameProblem,
  type SignupRequest,
  type User,
} from '@rendezvous/contract';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormTextField } from '../../../components/forms/form-fields';
import { fieldMessage, MIN_AGE_PARAMS } from '../../../components/profile-fields/messages';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { LEAVING, useApiForm } from '../../../lib/forms/use-api-form';
import { createAccount, signupSchema } from '../api/signup-calls';
import { shouldCheckEmail, useEmailCheck, type EmailCheck } from '../hooks/use-email-check';
import { suggestEmail } from '../lib/email-suggestion';
import { LegalLinks } from './legal-links';
import { StepAlert, StepShell } from './step-shell';
import { NAMED_ROUTES } from '../../../route-table';

/** Everything of the spec §3 payload the step does not ask for itself. */
export type SignupContext = Omit<SignupRequest, 'email' | 'name' | 'password' | 'token' | 'n'>;

export interface AccountStepProps {
  /** Builds the rest of the payload at the moment of sending (traffic source, timezone, …). */
  context: () => SignupContext;
  onCreated: (user: User) => void;
  title?: ReactNode;
  intro?: ReactNode;
  top?: ReactNode;
  showLegalLinks?: boolean;
}

interface AccountValues {
  email: string;
  name: string;
  password: string;
}

const STATUS_MESSAGES = {
  active: 'signup.email_active',
  not_confirmed: 'signup.email_not_confirmed',
  deleted: 'signup.email_deleted',
  invalid: 'signup.email_invalid',
} as const;

const loadEmailSchema = signupSchema('EmailSchema');

async function emailFormatProblem(email: string): Promise<string | null> {
  const parsed = (await loadEmailSchema()).safeParse(email);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? VALIDATION.email);
}

function passwordProblem(password: string): string | null {
  if (password === '') return VALIDATION.required;
  if (password.length < PASSWORD_MIN) return VALIDATION.passwordMin;
  if (password.length > PASSWORD_MAX) return VALIDATION.tooLong;
  return null;
}

/**
 * Spec §5's checks before sending. The name is optional: left empty it becomes the part of the
 * address before the @ (which the address's own check covers), so an empty name is never refused.
 */
const checkAccount: Resolver<AccountValues> = async (values) => {
  const errors: FieldErrors<AccountValues> = {};
  const emailKey = await emailFormatProblem(values.email);
  if (emailKey) errors.email = { type: 'validate', message: emailKey };
  const nameKey = values.name === '' ? null : nameProblem(values.name, values.email);
  if (nameKey) errors.name = { type: 'validate', message: nameKey };
  const passwordKey = passwordProblem(values.password);
  if (passwordKey) errors.password = { type: 'validate', message: passwordKey };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** Spec §2 step 0: e-mail, name and password; creates the account. */
export function AccountStep({ context, onCreated, title, intro, top, showLegalLinks = true }: AccountStepProps) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const attempts = useRef(0);
  const { check, run: runCheck } = useEmailCheck();
  const failureId = useId();
  const { form, control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { email: '', name: '', password: '' },
    resolver: checkAccount,
    send: async ({ email, name, password }) => {
      const checked = await verifyEmail(email);
      if (checked?.state !== 'done' || checked.status !== 'new') return;
      attempts.current += 1;
      const user = await createAccount({
        ...context(),
        email,
        name: name || defaultName(email),
        password,
        token: checked.token,
        n: attempts.current,
      });
      onCreated(user);
      // The account exists and the form makes way for the next screen.
      return LEAVING;
    },
    failureOf,
  });
  const email = useWatch({ control, name: 'email' });
  const { errors } = form.formState;

  const checkFor = (value: string): EmailCheck | null => (check && check.email === value ? check : null);

  /** Sets or clears a field's message outside a submit: on blur, and while a shown message follows the typing. */
  const setProblem = (field: keyof AccountValues, key: string | null) => {
    if (key) form.setError(field, { type: 'validate', message: key });
    else form.clearErrors(field);
  };

  /** The message for the e-mail field: its format, the server's earlier refusal, then the check. */
  function emailMessage(): { key: string; status?: keyof typeof STATUS_MESSAGES; checkFailed?: true } | null {
    const own = errors.email?.message;
    if (own) return { key: own };
    const current = checkFor(email);
    if (current?.state === 'failed') return { key: 'signup.email_check_failed', checkFailed: true };
    if (current?.state === 'done' && current.status !== 'new') {
      return { key: STATUS_MESSAGES[current.status], status: current.status };
    }
    return null;
  }

  /** Spec §5: on blur, the format first, then the server, but only for something that looks like an address. */
  async function verifyEmail(value: string): Promise<EmailCheck | null> {
    const format = await emailFormatProblem(value);
    // The first check waits for its schema; by then the field may hold another address.
    if (form.getValues('email') !== value) return null;
    setProblem('email', format);
    setSuggestion(format ? null : suggestEmail(value));
    if (format || !shouldCheckEmail(value)) return null;
    const known = checkFor(value);
    if (known?.state === 'done') return known;
    return runCheck(value);
  }

  function verifyName(value: string) {
    setProblem('name', value === '' ? null : nameProblem(value, form.getValues('email')));
  }

  /** Spec §8: field errors go next to their fields, anything else into one alert; the visitor may try again. */
  function failureOf(error: unknown, others: Record<string, string>): string {
    if (!(error instanceof ApiError)) {
      console.warn('Sign-up failed', error);
      return 'signup.failed';
    }
    // A field of the rest of the payload (a lander's profile answers) has no input here.
    const other = Object.values(others)[0];
    if (other) return other;
    if (error.status === 403 && error.body?.error.code === 'signups_closed') return 'signup.signups_closed';
    if (error.status === 429) return 'signup.rate_limited';
    return 'signup.failed';
  }

  const emailProblem = emailMessage();
  const emailCheck = checkFor(email);
  // A check that failed is asked again on sending, so it never holds the button: a member whose
  // connection dropped for a moment would otherwise have to leave the field again to go on.
  const hasErrors = Boolean((emailProblem && !emailProblem.checkFailed) || errors.name || errors.password);

  return (
    <StepShell title={title} intro={intro} top={top}>
      <form className="space-y-4" onSubmit={onSubmit} noValidate aria-describedby={failure ? failureId : undefined}>
        {failure ? <StepAlert id={failureId}>{t(failure, MIN_AGE_PARAMS)}</StepAlert> : null}
        <div>
          <FormTextField
            control={control}
            // Editing hides the message found for the old value; leaving the field checks again.
            onEdit={() => form.clearErrors('email')}
            label={t('signup.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            onBlur={(value) => {
              if (value !== '') void verifyEmail(value);
            }}
            trim
            required
            error={emailProblem ? fieldMessage(t, emailProblem.key, { name: 'email' }) : undefined}
            valid={emailCheck?.state === 'done' && emailCheck.status === 'new'}
            hint={emailCheck?.state === 'checking' ? t('signup.email_checking') : undefined}
          />
          {emailProblem?.status === 'active' || emailProblem?.status === 'not_confirmed' ? (
            <p className="mt-2">
              <Link className="text-link font-semibold" to={NAMED_ROUTES.login}>
                {t('signup.email_login_link')}
              </Link>
            </p>
          ) : null}
          {emailProblem?.status === 'deleted' ? (
            <p className="mt-2">
              <Link className="text-link font-semibold" to={NAMED_ROUTES['pages-service']}>
                {t('signup.email_service_link')}
              </Link>
            </p>
          ) : null}
          {suggestion && suggestion !== email ? (
            <p className="mt-2">
              {t('signup.email_suggestion_intro')}{' '}
              <button
                type="button"
                className="text-link font-semibold break-all"
                onClick={() => {
                  form.setValue('email', suggestion);
                  setSuggestion(null);
                  void verifyEmail(suggestion);
                }}
              >
                {t('signup.email_suggestion', { email: suggestion })}
              </button>
            </p>
          ) : null}
        </div>
        <FormTextField
          control={control}
          label={t('signup.name')}
          name="name"
          autoComplete="given-name"
          onEdit={() => {
            // Once a message shows, it follows the typing so it goes away as soon as the name is fine.
            if (form.getFieldState('name').error) verifyName(form.getValues('name'));
          }}
          onBlur={verifyName}
          trim
          maxLength={NAME_MAX}
          placeholder={email.includes('@') ? defaultName(email) : undefined}
          hint={t('signup.name_hint')}
        />
        <div>
          <FormTextField
            control={control}
            label={t('signup.password')}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            onEdit={() => {
              if (form.getFieldState('password').error)
                setProblem('password', passwordProblem(form.getValues('password')));
            }}
            onBlur={(value) => {
              if (value !== '') setProblem('password', passwordProblem(value));
            }}
            required
            hint={t('signup.password_hint', { min: PASSWORD_MIN })}
          />
          <label className="mt-2 inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5 accent-brand"
              checked={showPassword}
              onChange={(event) => setShowPassword(event.target.checked)}
            />
            {t('signup.show_password')}
          </label>
        </div>
        {showLegalLinks ? <LegalLinks /> : null}
        <Button type="submit" block size="lg" loading={busy} disabled={hasErrors}>
          {t('signup.submit')}
        </Button>
        <p className="text-center">
          {t('signup.have_account')}{' '}
          <Link className="text-link font-semibold" to={NAMED_ROUTES.login}>
            {t('signup.login')}
          </Link>
        </p>
      </form>
    </StepShell>
  );
}
