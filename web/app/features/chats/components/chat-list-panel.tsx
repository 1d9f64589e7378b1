import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useWebContext } from '../../../lib/use-web-context';
import { NAMED_ROUTES } from '../../../route-table';
import { useChatList } from '../hooks/use-chat-list';
import { ChatList } from './chat-list';

/** Spec §2 /chats: the list of conversations, with loading, empty and failure states. */
export function ChatListPanel({ activeId, reloadKey = 0 }: { activeId: number | null; reloadKey?: number }) {
  const { t } = useTranslation();
  const { user, settings } = useWebContext();
  const list = useChatList(reloadKey);
  const navigate = useNavigate();

  return (
    <div className="space-y-2">
      {list.removeError ? <FormAlert>{t('chats.remove_failed', { error: list.removeError })}</FormAlert> : null}
      {list.status === 'loading' ? (
        <p role="status" className="p-2 text-ink-muted">
          {t('chats.loading')}
        </p>
      ) : list.status === 'error' ? (
        <div className="space-y-3 p-2">
          <FormAlert>{t('chats.load_failed')}</FormAlert>
          <Button variant="secondary" onClick={list.retry}>
            {t('chats.retry')}
          </Button>
        </div>
      ) : list.chats.length === 0 ? (
        <div className="space-y-3 p-2">
          <p>{t('chats.empty')}</p>
          <ButtonLink variant="secondary" to={NAMED_ROUTES.members}>
            {t('chats.empty_link')}
          </ButtonLink>
        </div>
      ) : (
        <ChatList
          chats={list.chats}
          activeId={activeId}
          me={user?.profile.id ?? 0}
          cdnPrefix={settings.cdn_prefix}
          onRemove={(id) => {
            void list.remove(id).then((removed) => {
              // The open conversation went with it: back to the list alone. On failure the alert stays in view.
              if (removed && id === activeId) void navigate('/chats', { replace: true });
            });
          }}
        />
      )}
    </div>
  );
}
