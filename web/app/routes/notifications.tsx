import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { EmailChangeIncorrectCard } from '../features/notifications/components/email-change-incorrect-card';
import { EMAIL_CHANGE_INCORRECT_ID, NotificationsList } from '../features/notifications/components/notifications-list';
import { useNotifications } from '../features/notifications/hooks/use-notifications';
import { useHydrated } from '../lib/use-hydrated';
import { useWebContext } from '../lib/use-web-context';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** Spec §2 /notifications: likes, messages and account notices; #email-change-incorrect explains an undone change. */
export default function Notifications() {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  const { hash } = useLocation();
  const { state, reload, markRead } = useNotifications();
  const list = state.list;
  // The server never sees the hash: hydration renders as the server did, then the hash counts.
  const hydrated = useHydrated();
  const hashAsks = hydrated && hash === `#${EMAIL_CHANGE_INCORRECT_ID}`;
  const explain = hashAsks || (list?.notifications.some((item) => item.kind === 'email_change_incorrect') ?? false);

  // The card appears after the browser's own jump to the hash, and moves when the list comes in: go there now.
  const loaded = list !== null;
  useEffect(() => {
    if (!hashAsks) return;
    const card = document.getElementById(EMAIL_CHANGE_INCORRECT_ID);
    card?.scrollIntoView?.({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [hashAsks, loaded]);

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="heading text-3xl">{t('notifications.title')}</h1>
        {list && list.num_unread > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => void markRead({ all: true })}>
            {t('notifications.mark_all_read')}
          </Button>
        ) : null}
      </div>

      {explain ? <EmailChangeIncorrectCard supportEmail={settings.support_email} /> : null}

      {state.status === 'loading' && !list ? (
        <p className="text-ink-muted" role="status">
          {t('notifications.loading')}
        </p>
      ) : null}

      {state.status === 'error' ? (
        <div className="form-alert flex flex-wrap items-center gap-3" role="alert">
          <span>{t('notifications.failed')}</span>
          <Button variant="secondary" size="sm" onClick={reload}>
            {t('notifications.retry')}
          </Button>
        </div>
      ) : null}

      {list && list.notifications.length === 0 ? <p>{t('notifications.empty')}</p> : null}

      {list && list.notifications.length > 0 ? (
        <NotificationsList
          notifications={list.notifications}
          cdnPrefix={settings.cdn_prefix}
          onOpen={(item) => {
            if (!item.read) void markRead({ ids: [item.id] });
          }}
        />
      ) : null}
    </div>
  );
}
