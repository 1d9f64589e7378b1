import { LIKES_TYPES, type LikesResponse, type LikesType } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button';
import { LikesGrid, type LikesGridItem } from '../features/likes/components/likes-grid';
import { useLikes } from '../features/likes/hooks/use-likes';
import { NAMED_ROUTES } from '../route-table';

const isLikesType = (value: string): value is LikesType => (LIKES_TYPES as readonly string[]).includes(value);

/** /likes/{type} with an unknown type is a page that does not exist. */
export function loader({ params }: { params: { type?: string } }) {
  if (params.type !== undefined && !isLikesType(params.type))
    throw data(null, { status: 404, statusText: 'Not Found' });
  return null;
}

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** The cards of one tab; mutual are received likes the member returned. */
function itemsOf(type: LikesType, likes: LikesResponse): LikesGridItem[] {
  switch (type) {
    case 'received':
      return likes.liked_by.map((entry) => ({ profile: entry.profile, isNew: entry.like_new }));
    case 'sent':
      return likes.profiles.map((profile) => ({ profile }));
    case 'mutual':
      return likes.liked_by
        .filter((entry) => entry.profile.likes.did_like_profile)
        .map((entry) => ({ profile: entry.profile }));
  }
}

const TAB_KEYS = { received: 'likes.tab_received', sent: 'likes.tab_sent', mutual: 'likes.tab_mutual' } as const;
const EMPTY_KEYS = {
  received: 'likes.empty_received',
  sent: 'likes.empty_sent',
  mutual: 'likes.empty_mutual',
} as const;

/** Spec §2 /likes and /likes/{type}: received (the default), sent and mutual likes as tabs. */
export default function Likes() {
  const { t } = useTranslation();
  const params = useParams();
  const type: LikesType = params.type && isLikesType(params.type) ? params.type : 'received';
  const { state, reload } = useLikes();
  const items = state.likes ? itemsOf(type, state.likes) : [];
  const newCount = state.likes?.liked_by.filter((entry) => entry.like_new).length ?? 0;

  return (
    <div className="likes-page space-y-5">
      <h1 className="heading text-3xl">{t('likes.title')}</h1>
      <nav aria-label={t('likes.tabs_label')}>
        <ul className="flex flex-wrap gap-2">
          {LIKES_TYPES.map((tab) => (
            <li key={tab}>
              <Link
                to={`${NAMED_ROUTES.likes}/${tab}`}
                aria-current={tab === type ? 'page' : undefined}
                className={`btn btn-md ${tab === type ? 'btn-primary' : 'btn-secondary'}`}
              >
                {t(TAB_KEYS[tab])}
                {tab === 'received' && newCount > 0 ? (
                  <span className="badge ms-1">
                    {newCount} <span className="sr-only">{t('likes.new')}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {state.status === 'loading' && !state.likes ? (
        <p className="text-ink-muted" role="status">
          {t('likes.loading')}
        </p>
      ) : null}

      {state.status === 'error' ? (
        <div className="form-alert flex flex-wrap items-center gap-3" role="alert">
          <span>{t('likes.failed')}</span>
          <Button variant="secondary" size="sm" onClick={reload}>
            {t('likes.retry')}
          </Button>
        </div>
      ) : null}

      {state.likes && items.length === 0 ? (
        <div className="space-y-3">
          <p>{t(EMPTY_KEYS[type])}</p>
          <ButtonLink variant="secondary" to={NAMED_ROUTES.members}>
            {t('likes.find_members')}
          </ButtonLink>
        </div>
      ) : null}

      {items.length > 0 ? <LikesGrid items={items} label={t(TAB_KEYS[type])} /> : null}
    </div>
  );
}
