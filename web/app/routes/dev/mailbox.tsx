import { DevMailboxListSchema, DevMailSchema, type DevMail, type DevMailboxList } from '@rendezvous/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { apiRequest } from '../../lib/api-client';
import { requireDevTools } from './dev-only';

export const loader = requireDevTools;

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

/**
 * The local mailbox: while no SMTP server is configured, this is where a person
 * trying the site finds their activation and reset mails, with working links.
 */
export default function DevMailbox() {
  const { t, i18n } = useTranslation();
  const [mails, setMails] = useState<DevMailboxList['mails'] | null>(null);
  const [open, setOpen] = useState<DevMail | null>(null);

  useEffect(() => {
    apiRequest('GET', '/api/dev/mailbox.php', DevMailboxListSchema)
      .then((list) => setMails(list.mails))
      .catch((error: unknown) => {
        console.warn('The mailbox is not available', error);
        setMails([]);
      });
  }, []);

  async function show(id: string) {
    setOpen(await apiRequest('GET', `/api/dev/mailbox.php?id=${encodeURIComponent(id)}`, DevMailSchema));
  }

  return (
    <div className="space-y-6">
      <h1 className="heading text-2xl">{t('dev.mailbox')}</h1>
      {mails === null ? null : mails.length === 0 ? (
        <p>{t('dev.mailbox_empty')}</p>
      ) : (
        <ul className="card divide-y">
          {mails.map((mail) => (
            <li key={mail.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold" translate="no">
                  {mail.subject}
                </p>
                <p className="text-sm" translate="no">
                  {mail.to} · {new Date(mail.created_at).toLocaleString(i18n.language)}
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => void show(mail.id)}>
                {t('dev.mailbox_open')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <article className="card space-y-4 p-4" aria-labelledby="open-mail">
          <h2 id="open-mail" className="heading text-xl" translate="no">
            {open.subject}
          </h2>
          <ul className="space-y-1">
            {[...new Set(open.text.match(LINK_PATTERN) ?? [])].map((link) => (
              <li key={link}>
                <a className="text-link break-all" href={link} translate="no">
                  {link}
                </a>
              </li>
            ))}
          </ul>
          <pre className="whitespace-pre-wrap text-sm" translate="no">
            {open.text}
          </pre>
        </article>
      ) : null}
    </div>
  );
}
