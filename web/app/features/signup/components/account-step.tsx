import {
  EmailSchema,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  VALIDATION,
  defaultName,
  nameProblem,
  type SignupRequest,
  type User,
} from '@rendezvous/contract';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MIN_AGE_PARAMS } from '../../../components/profile-fields/messages';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { createAccount } from '../api/signup-calls';
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

type Field = 'email' | 'name' | 'password';
/** A message key and the value it was found for: editing the field hides it until checked again. */
type Problem = { value: string; key: string };
type Problems = Partial<Record<Field, Problem>>;

const STATUS_MESSAGES = {
  active: 'signup.email_active',
  not_confirmed: 'signup.email_not_confirmed',
  deleted: 'signup.email_deleted',
  invalid: 'signup.email_invalid',
} as const;

function emailFormatProblem(email: string): string | null {
  const parsed = EmailSchema.safeParse(email);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? VALIDATION.email);
}

function passwordProblem(password: string): string | null {
  if (password === '') return VALIDATION.required;
  if (password.length < PASSWORD_MIN) return VALIDATION.passwordMin;
  if (password.length > PASSWORD_MAX) return VALIDATION.tooLong;
  return null;
}

/** Spec §2 step 0: e-mail, name and password; creates the account. */
export function AccountStep({ context, onCreated, title, intro, top, showLegalLinks = true }: AccountStepProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // State updates land after the next render; the ref stops a second submit that arrives before it.
  const sending = useRef(false);
  const attempts = useRef(0);
  const { check, run: runCheck } = useEmailCheck();
  const failureId = useId();

  const values: Record<Field, string> = { email, name, password };
  const problemFor = (field: Field) => {
    const problem = problems[field];
    return problem && problem.value === values[field] ? problem.key : null;
  };
  const checkFor = (value: string): EmailCheck | null => (check && check.email === value ? check : null);

  const setProblem = (field: Field, value: string, key: string | null) =>
    setProblems((current) => ({ ...current, [field]: key ? { value, key } : undefined }));

  /** The message for the e-mail field: its format, the server's earlier refusal, then the check. */
  function emailMessage(): { key: string; status?: keyof typeof STATUS_MESSAGES } | null {
    const own = problemFor('email');
    if (own) return { key: own };
    const current = checkFor(email);
    if (current?.state === 'failed') return { key: 'signup.email_check_failed' };
    if (current?.state === 'done' && current.status !== 'new') {
      return { key: STATUS_MESSAGES[current.status], status: current.status };
    }
    return null;
  }

  /** Spec §5: on blur, the format first, then the server, but only for something that looks like an address. */
  async function verifyEmail(value: string): Promise<EmailCheck | null> {
    const format = emailFormatProblem(value);
    setProblem('email', value, format);
    setSuggestion(format ? null : suggestEmail(value));
    if (format || !shouldCheckEmail(value)) return null;
    const known = checkFor(value);
    if (known?.state === 'done') return known;
    return runCheck(value);
  }

  function verifyName(value: string, forEmail: string) {
    setProblem('name', value, value === '' ? null : nameProblem(value, forEmail));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;

    const finalName = name || defaultName(email);
    const found: Problems = {};
    const emailKey = emailFormatProblem(email);
    if (emailKey) found.email = { value: email, key: emailKey };
    const nameKey = nameProblem(finalName, email);
    if (nameKey) found.name = { value: name, key: nameKey };
    const passwordKey = passwordProblem(password);
    if (passwordKey) found.password = { value: password, key: passwordKey };
    setProblems(found);
    if (Object.keys(found).length > 0) return;

    sending.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const checked = await verifyEmail(email);
      if (checked?.state === 'done' && checked.status === 'new') {
        attempts.current += 1;
        const user = await createAccount({
          ...context(),
          email,
          name: finalName,
          password,
          token: checked.token,
          n: attempts.current,
        });
        // Stays busy: the account exists, and the form makes way for the next screen.
        onCreated(user);
        return;
      }
    } catch (error) {
      showFailure(error);
    }
    sending.current = false;
    setBusy(false);
  }

  /** Spec §8: field errors go next to their fields, anything else into one alert; the visitor may try again. */
  function showFailure(error: unknown) {
    if (!(error instanceof ApiError)) {
      console.warn('Sign-up failed', error);
      setFailure(t('signup.failed'));
      return;
    }
    const fields = error.body?.error.fields;
    if (error.status === 400 && fields) {
      const next: Problems = {};
      const other: string[] = [];
      for (const [field, key] of Object.entries(fields)) {
        if (field === 'email' || field === 'name' || field === 'password') next[field] = { value: values[field], key };
        else other.push(t(key, MIN_AGE_PARAMS));
      }
      setProblems(next);
      setFailure(other.length > 0 ? other.join(' ') : null);
      return;
    }
    if (error.status === 403 && error.body?.error.code === 'signups_closed') setFailure(t('signup.signups_closed'));
    else if (error.status === 429) setFailure(t('signup.rate_limited'));
    else setFailure(t('signup.failed'));
  }

  const emailProblem = emailMessage();
  const emailCheck = checkFor(email);
  const nameKey = problemFor('name');
  const passwordKey = problemFor('password');
  const hasErrors = Boolean(emailProblem || nameKey || passwordKey);

  return (
    <StepShell title={title} intro={intro} top={top}>
      <form
        className="space-y-4"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-describedby={failure ? failureId : undefined}
      >
        {failure ? <StepAlert id={failureId}>{failure}</StepAlert> : null}
        <div>
          <TextField
            label={t('signup.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={setEmail}
            onBlur={(value) => {
              if (value !== '') void verifyEmail(value);
            }}
            trim
            required
            error={emailProblem ? t(emailProblem.key, MIN_AGE_PARAMS) : undefined}
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
                  setEmail(suggestion);
                  setSuggestion(null);
                  void verifyEmail(suggestion);
                }}
              >
                {t('signup.email_suggestion', { email: suggestion })}
              </button>
            </p>
          ) : null}
        </div>
        <TextField
          label={t('signup.name')}
          name="name"
          autoComplete="given-name"
          value={name}
          onChange={(value) => {
            setName(value);
            // Once a message shows, it follows the typing so it goes away as soon as the name is fine.
            if (problems.name) verifyName(value, email);
          }}
          onBlur={(value) => verifyName(value, email)}
          trim
          maxLength={NAME_MAX}
          placeholder={email.includes('@') ? defaultName(email) : undefined}
          hint={t('signup.name_hint')}
          error={nameKey ? t(nameKey) : undefined}
        />
        <div>
          <TextField
            label={t('signup.password')}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              if (problems.password) setProblem('password', value, passwordProblem(value));
            }}
            onBlur={(value) => {
              if (value !== '') setProblem('password', value, passwordProblem(value));
            }}
            required
            hint={t('signup.password_hint', { min: PASSWORD_MIN })}
            error={passwordKey ? t(passwordKey) : undefined}
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
