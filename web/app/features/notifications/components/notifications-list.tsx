import type { Notification } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { formatFullTime } from '../../../lib/dates';
import { mediaUrl } from '../../../lib/media';

/** The explanation card's id: /notifications#email-change-incorrect (spec §2) scrolls to it. */
export const EMAIL_CHANGE_INCORRECT_ID = 'email-change-incorrect';

/** Where a notification opens: the like's profile, the conversation, or the explanation on this page. */
export function notificationTarget(notification: Notification): string {
  switch (notification.kind) {
    case 'like':
      return notification.actor ? `/likes/m/${notification.actor.id}` : '/likes';
    case 'message':
      return notification.conversation !== null ? `/chats/${notification.conversation}` : '/chats';
    case 'email_change_incorrect':
      return `#${EMAIL_CHANGE_INCORRECT_ID}`;
    case 'system':
      return '/notifications';
  }
}

function NotificationText({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const name = notification.actor?.name;
  switch (notification.kind) {
    case 'like':
      return <>{name ? t('notifications.like', { name }) : t('notifications.like_unknown')}</>;
    case 'message':
      return <>{name ? t('notifications.message', { name }) : t('notifications.message_unknown')}</>;
    case 'email_change_incorrect':
      return <>{t('notifications.email_change_incorrect')}</>;
    case 'system':
      return <>{notification.data.text ?? t('notifications.system')}</>;
  }
}

/** The actor's thumbnail or initial; decorative, as the text names them. */
function ActorAvatar({ actor, cdnPrefix }: { actor: NonNullable<Notification['actor']>; cdnPrefix: string }) {
  if (actor.main_image) {
    return (
      <img
        src={mediaUrl(actor.main_image.thumb_filename, cdnPrefix)}
        alt=""
        className="size-10 shrink-0 rounded-full object-cover"
        loading="lazy"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      translate="no"
      className="bg-brand-soft text-ink flex size-10 shrink-0 items-center justify-center rounded-full font-bold"
    >
      {actor.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export interface NotificationsListProps {
  notifications: Notification[];
  /** The site's CDN for the actors' thumbnails (settings.cdn_prefix). */
  cdnPrefix: string;
  /** An item was opened: it counts as read. */
  onOpen: (notification: Notification) => void;
}

/** Newest first; unread ones stand out and say so to screen readers too. */
export function NotificationsList({ notifications, cdnPrefix, onOpen }: NotificationsListProps) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  return (
    <ul className="card divide-y divide-line" aria-label={t('notifications.title')}>
      {notifications.map((notification) => (
        <li key={notification.id} data-read={notification.read} className={notification.read ? '' : 'bg-brand-soft'}>
          <Link
            to={notificationTarget(notification)}
            onClick={() => onOpen(notification)}
            className="flex items-start gap-3 p-3 sm:p-4"
          >
            <span
              aria-hidden="true"
              className={`mt-2 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-brand'}`}
            />
            {notification.actor ? <ActorAvatar actor={notification.actor} cdnPrefix={cdnPrefix} /> : null}
            <span className="min-w-0 flex-1">
              <span className={`block ${notification.read ? '' : 'font-semibold'}`}>
                {notification.read ? null : <span className="sr-only">{t('notifications.unread')}: </span>}
                <NotificationText notification={notification} />
              </span>
              <time translate="no" dateTime={notification.created_at} className="text-ink-muted block text-sm">
                {formatFullTime(notification.created_at, regional)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
