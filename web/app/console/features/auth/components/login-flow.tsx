import { ConsoleLoginRequestSchema, RecoveryCodeRequestSchema, TotpCodeRequestSchema } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError } from '../../../../lib/api-client';
import { LEAVING, useApiForm } from '../../../../lib/forms/use-api-form';
import { CodeField } from '../../../components/code-field';
import { RecoveryCodes } from '../../../components/recovery-codes';
import { isConsoleLoginNeeded, isRateLimited } from '../../../lib/console-session';
import { enrol, enrolmentQueryOptions, logIn, redeemRecoveryCode, verifyCode } from '../api/login-calls';

type Step =
  | { name: 'password'; notice?: string }
  | { name: 'enrol'; staffId: number }
  | { name: 'code' }
  | { name: 'recovery' }
  | { name: 'codes'; codes: string[] };

const failureOf = (error: unknown) => {
  if (error instanceof ApiError && error.status === 401) return 'console.login.failed';
  if (isRateLimited(error)) return 'console.login.rate_limited';
  return 'console.login.unavailable';
};

/**
 * The console's login: the password, then the authenticator app's code, or at the first login
 * the app's enrolment and the recovery codes to keep. `onDone` opens the console.
 */
export function LoginFlow({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'password' });
  // Five wrong codes end the session on the server, as does its expiry; the password comes first again.
  const sessionEnded = (error: unknown) =>
    setStep({
      name: 'password',
      notice: isRateLimited(error) ? 'console.login.too_many_codes' : 'console.login.session_ended',
    });

  return (
    <section className="card mx-auto max-w-md space-y-5 p-6" aria-labelledby="console-login-title">
      <h1 id="console-login-title" className="heading text-2xl">
        {t(step.name === 'enrol' || step.name === 'codes' ? 'console.enrol.title' : 'console.login.title')}
      </h1>
      {step.name === 'password' ? (
        <PasswordStep
          notice={step.notice}
          onAccepted={(stage, staffId) => setStep(stage === 'enrol' ? { name: 'enrol', staffId } : { name: 'code' })}
        />
      ) : null}
      {step.name === 'code' ? (
        <CodeStep onDone={onDone} onSessionEnded={sessionEnded} onRecovery={() => setStep({ name: 'recovery' })} />
      ) : null}
      {step.name === 'recovery' ? (
        <RecoveryStep onDone={onDone} onSessionEnded={sessionEnded} onApp={() => setStep({ name: 'code' })} />
      ) : null}
      {step.name === 'enrol' ? (
        <EnrolStep
          staffId={step.staffId}
          onSessionEnded={sessionEnded}
          onEnrolled={(codes) => setStep({ name: 'codes', codes })}
        />
      ) : null}
      {step.name === 'codes' ? <RecoveryCodes codes={step.codes} onSaved={() => void onDone()} /> : null}
    </section>
  );
}

function PasswordStep({
  notice,
  onAccepted,
}: {
  notice?: string;
  onAccepted: (stage: 'enrol' | 'code', staffId: number) => void;
}) {
  const { t } = useTranslation();
  const { control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(ConsoleLoginRequestSchema),
    send: async (values) => {
      const { stage, staff } = await logIn(values);
      onAccepted(stage, staff.id);
      return LEAVING;
    },
    failureOf,
  });
  const message = failure ?? notice;
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {message ? <FormAlert>{t(message)}</FormAlert> : null}
      <FormTextField
        control={control}
        label={t('console.login.email')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        trim
        required
      />
      <FormTextField
        control={control}
        label={t('console.login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" block loading={busy}>
        {t('console.login.submit')}
      </Button>
    </form>
  );
}

/** A code form whose last wrong try (429) or a lapsed session leads back to the password. */
function useCodeForm(send: (code: string) => Promise<void>, onSessionEnded: (error: unknown) => void) {
  return useApiForm({
    defaultValues: { code: '' },
    resolver: zodResolver(TotpCodeRequestSchema),
    send: async ({ code }) => {
      try {
        await send(code);
      } catch (error) {
        if (!isRateLimited(error) && !isConsoleLoginNeeded(error)) throw error;
        onSessionEnded(error);
      }
      return LEAVING;
    },
    failureOf: () => 'console.login.unavailable',
  });
}

function CodeStep({
  onDone,
  onSessionEnded,
  onRecovery,
}: {
  onDone: () => Promise<void>;
  onSessionEnded: (error: unknown) => void;
  onRecovery: () => void;
}) {
  const { t } = useTranslation();
  const { control, onSubmit, busy, failure } = useCodeForm(async (code) => {
    await verifyCode(code);
    await onDone();
  }, onSessionEnded);
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <p>{t('console.login.code_intro')}</p>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <CodeField control={control} name="code" label={t('console.login.code')} />
      <Button type="submit" block loading={busy}>
        {t('console.login.verify')}
      </Button>
      <Button variant="ghost" block onClick={onRecovery}>
        {t('console.login.use_recovery')}
      </Button>
    </form>
  );
}

function RecoveryStep({
  onDone,
  onSessionEnded,
  onApp,
}: {
  onDone: () => Promise<void>;
  onSessionEnded: (error: unknown) => void;
  onApp: () => void;
}) {
  const { t } = useTranslation();
  const { control, onSubmit, busy, failure } = useApiForm({
    defaultValues: { recovery_code: '' },
    resolver: zodResolver(RecoveryCodeRequestSchema),
    send: async ({ recovery_code }) => {
      try {
        await redeemRecoveryCode(recovery_code);
        await onDone();
      } catch (error) {
        if (!isRateLimited(error) && !isConsoleLoginNeeded(error)) throw error;
        onSessionEnded(error);
      }
      return LEAVING;
    },
    failureOf: () => 'console.login.unavailable',
  });
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <p>{t('console.login.recovery_intro')}</p>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField
        control={control}
        name="recovery_code"
        label={t('console.login.recovery_code')}
        autoComplete="off"
        trim
        required
      />
      <Button type="submit" block loading={busy}>
        {t('console.login.verify')}
      </Button>
      <Button variant="ghost" block onClick={onApp}>
        {t('console.login.use_app')}
      </Button>
    </form>
  );
}

function EnrolStep({
  staffId,
  onSessionEnded,
  onEnrolled,
}: {
  staffId: number;
  onSessionEnded: (error: unknown) => void;
  onEnrolled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const enrolment = useQuery(enrolmentQueryOptions(staffId));
  const { control, onSubmit, busy, failure } = useCodeForm(async (code) => {
    onEnrolled((await enrol(code)).recovery_codes);
  }, onSessionEnded);

  if (enrolment.isPending) return <p role="status">{t('console.loading')}</p>;
  if (enrolment.isError) return <FormAlert>{t('console.login.unavailable')}</FormAlert>;
  return (
    <div className="space-y-4">
      <p>{t('console.enrol.intro')}</p>
      <img
        src={enrolment.data.qr_code}
        alt={t('console.enrol.qr_alt')}
        width={220}
        height={220}
        className="mx-auto rounded bg-white p-2"
      />
      <TextField
        label={t('console.enrol.secret_label')}
        name="secret"
        value={enrolment.data.secret}
        onChange={() => undefined}
        readOnly
        className="font-mono"
      />
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
        <CodeField control={control} name="code" label={t('console.login.code')} hint={t('console.enrol.code_hint')} />
        <Button type="submit" block loading={busy}>
          {t('console.enrol.submit')}
        </Button>
      </form>
    </div>
  );
}
