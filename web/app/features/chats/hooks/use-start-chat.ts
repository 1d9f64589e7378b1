import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { NAMED_ROUTES } from '../../../route-table';
import { startChat } from '../api/chat-calls';

/**
 * Opens the conversation with a member (spec §7 GET /api/chat.php, then chats-chatId). A failure,
 * a block included, shows the spec §8 danger toast and leaves the member where they were.
 */
export function useStartChat() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const busy = useRef(false);

  const start = useCallback(
    async (profileId: number, options: { replace?: boolean } = {}): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setStarting(true);
      try {
        const id = await startChat(profileId);
        await navigate(NAMED_ROUTES['chats-chatId'](id), { replace: options.replace });
        return true;
      } catch (error) {
        console.warn('Could not start the chat', error);
        toast.show({ variant: 'danger', title: t('chats.start_failed_title'), message: t('chats.start_failed') });
        return false;
      } finally {
        busy.current = false;
        setStarting(false);
      }
    },
    [navigate, t, toast],
  );

  return { start, starting };
}
