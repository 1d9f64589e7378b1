import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { FormAlert } from '../components/ui/form-alert';
import { confirmEmailChange } from '../features/accounts/api/account-calls';

export function meta() {
  // The link carries a secret; keep it out of other sites' referrer logs.
  return [{ name: 'referrer', content: 'no-referrer' }];
}

/**
 * Opened from the link sent to the new address. Confirming takes a click, so a mail
 * scanner that opens links on its own cannot use the link up.
 */
export default function MailChangeDo() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { revalidate } = useRevalidator();
  const token = params.get('token') ?? '';
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
    <section className="card mx-auto max-w-md space-y-4 p-6" aria-labelledby="mail-change-title">
      <h1 id="mail-change-title" className="heading text-2xl">
        {t('email_change.do_title')}
      </h1>
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
    </section>
  );
}
