import { EMAIL_CHANGE_UNDO_PARAM, RESET_REASON_EMAIL_CHANGE_INCORRECT } from '@rendezvous/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { FormAlert } from '../components/ui/form-alert';
import { confirmEmailChange, undoEmailChange } from '../features/accounts/api/account-calls';
import { ApiError } from '../lib/api-client';
import { useWebContext } from '../lib/use-web-context';

export function meta() {
  // The link carries a secret; keep it out of other sites' referrer logs.
  return [{ name: 'referrer', content: 'no-referrer' }];
}

function MailChangeCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mx-auto max-w-md space-y-4 p-6" aria-labelledby="mail-change-title">
      <h1 id="mail-change-title" className="heading text-2xl">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Opened from the link sent to the new address. */
function ConfirmEmailChange({ token }: { token: string }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'invalid' } | { kind: 'done'; email: string }>({
    kind: token ? 'idle' : 'invalid',
  });

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const { email } = await confirmEmailChange(token);
      setState({ kind: 'done', email });
      await revalidate();
    } catch {
      setState({ kind: 'invalid' });
    }
  }

  return (
    <MailChangeCard title={t('email_change.do_title')}>
      {state.kind === 'done' ? (
        <p role="status" className="form-notice">
          {t('email_change.done', { email: state.email })}
        </p>
      ) : state.kind === 'invalid' ? (
        <FormAlert>{t('email_change.link_invalid')}</FormAlert>
      ) : (
        <>
          <p>{t('email_change.do_text')}</p>
          <Button block loading={state.kind === 'busy'} onClick={() => void confirm()}>
            {t('email_change.do_submit')}
          </Button>
        </>
      )}
      <p>
        <Link className="text-link" to="/profile">
          {t('email_change.to_profile')}
        </Link>
      </p>
    </MailChangeCard>
  );
}

/**
 * Opened from the notice sent to the old address. Undoing ends every session, the member's own
 * included, and the new-password page follows, told why (spec: notifications#email-change-incorrect).
 */
function UndoEmailChange({ token }: { token: string }) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'invalid' | 'failed'>(token ? 'idle' : 'invalid');

  async function undo() {
    setState('busy');
    try {
      const { reset_token } = await undoEmailChange(token);
      const query = new URLSearchParams({ token: reset_token, reason: RESET_REASON_EMAIL_CHANGE_INCORRECT });
      // Replaced, so "back" does not return to a link that is used up.
      await navigate(`/reset-password/do?${query.toString()}`, { replace: true });
    } catch (error) {
      // A refused link stays refused; the network or the server may work on a second try.
      setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed');
    }
  }

  return (
    <MailChangeCard title={t('email_change.undo_title')}>
      {state === 'invalid' ? (
        <FormAlert>{t('email_change.undo_invalid', { email: settings.support_email })}</FormAlert>
      ) : (
        <>
          <p>{t('email_change.undo_text')}</p>
          {state === 'failed' ? <FormAlert>{t('errors.unexpected')}</FormAlert> : null}
          <Button block loading={state === 'busy'} onClick={() => void undo()}>
            {t('email_change.undo_submit')}
          </Button>
          <p className="text-ink-muted">{t('email_change.undo_not_needed')}</p>
        </>
      )}
    </MailChangeCard>
  );
}

/**
 * Spec §2 /mail-change/do, for both links an e-mail change mails. Acting takes a click, so a mail
 * scanner that opens links on its own cannot use them up.
 */
export default function MailChangeDo() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return params.get(EMAIL_CHANGE_UNDO_PARAM) === '1' ? (
    <UndoEmailChange token={token} />
  ) : (
    <ConfirmEmailChange token={token} />
  );
}
