import { TotpCodeRequestSchema } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useCallback, useContext, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { Modal } from '../../components/ui/modal';
import { useApiForm } from '../../lib/forms/use-api-form';
import { isRateLimited, isReconfirmNeeded, reconfirm } from '../lib/console-session';
import { CodeField } from './code-field';

/** Runs a sensitive call; if the server asks for the code again, asks for it, then runs the call once more. */
export type Reconfirmed = <T>(call: () => Promise<T>) => Promise<T>;

const ReconfirmContext = createContext<Reconfirmed | null>(null);

/** The console's one re-confirmation dialog, for every sensitive action (issue 15: older than 10 minutes). */
export function ReconfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Every call that waits for the same code: two refused at once need one dialog, not two.
  const waiting = useRef<{ resolve: () => void; reject: (error: unknown) => void }[]>([]);

  const confirmed = useCallback(() => {
    setOpen(false);
    for (const waiter of waiting.current.splice(0)) waiter.resolve();
  }, []);
  const cancelled = useCallback(() => {
    setOpen(false);
    for (const waiter of waiting.current.splice(0)) waiter.reject(new ReconfirmCancelled());
  }, []);

  const run = useCallback<Reconfirmed>(async (call) => {
    try {
      return await call();
    } catch (error) {
      if (!isReconfirmNeeded(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current.push({ resolve, reject });
        setOpen(true);
      });
      return call();
    }
  }, []);

  return (
    <ReconfirmContext.Provider value={run}>
      {children}
      <ReconfirmDialog open={open} onConfirmed={confirmed} onCancel={cancelled} />
    </ReconfirmContext.Provider>
  );
}

/** Thrown to the caller when the person closes the dialog instead of giving the code. */
export class ReconfirmCancelled extends Error {
  constructor() {
    super('Re-confirmation cancelled');
  }
}

export function useReconfirmed(): Reconfirmed {
  const run = useContext(ReconfirmContext);
  if (!run) throw new Error('useReconfirmed needs a ReconfirmProvider');
  return run;
}

function ReconfirmDialog({
  open,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { control, onSubmit, reset, busy, failure } = useApiForm({
    defaultValues: { code: '' },
    resolver: zodResolver(TotpCodeRequestSchema),
    send: async ({ code }) => {
      await reconfirm(code);
      reset();
      onConfirmed();
    },
    // Too many wrong codes end the session; the next call leads back to the login.
    failureOf: (error) => (isRateLimited(error) ? 'console.login.too_many_codes' : 'console.reconfirm.failed'),
  });
  const close = () => {
    reset();
    onCancel();
  };
  const formId = useId();

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('console.reconfirm.title')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('console.reconfirm.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('console.reconfirm.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className="space-y-4" onSubmit={onSubmit} noValidate>
        <p>{t('console.reconfirm.intro')}</p>
        {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
        <CodeField control={control} name="code" label={t('console.reconfirm.code')} />
      </form>
    </Modal>
  );
}
