import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { NAMED_ROUTES } from '../../../route-table';
import { startChat } from '../api/chat-calls';

const START_CHAT_KEY = ['start-chat'];

/**
 * Opens the conversation with a member (spec §7 GET /api/chat.php, then chats-chatId). A failure,
 * a block included, shows the spec §8 danger toast and leaves the member where they were.
 */
export function useStartChat() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The way to the conversation is part of the change, so the button stays busy until it is open.
  const { mutateAsync, isPending } = useMutation({
    mutationKey: START_CHAT_KEY,
    mutationFn: async ({ profileId, replace }: { profileId: number; replace?: boolean }) => {
      const id = await startChat(profileId);
      await navigate(NAMED_ROUTES['chats-chatId'](id), { replace });
    },
  });

  const start = useCallback(
    async (profileId: number, options: { replace?: boolean } = {}) => {
      // The cache knows at once that a start is on its way, before the busy state reaches the button.
      if (queryClient.isMutating({ mutationKey: START_CHAT_KEY }) > 0) return;
      try {
        await mutateAsync({ profileId, replace: options.replace });
      } catch (error) {
        console.warn('Could not start the chat', error);
        toast.show({ variant: 'danger', title: t('chats.start_failed_title'), message: t('chats.start_failed') });
      }
    },
    [mutateAsync, queryClient, t, toast],
  );

  return { start, starting: isPending };
}
