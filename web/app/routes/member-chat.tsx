import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { useStartChat } from '../features/chats/hooks/use-start-chat';
import { loadMember } from '../features/members/api/get-member';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/member-chat';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** A link to chat with a member who is not there (unknown, gone, blocked) is a 404 page, as the profile is. */
export async function loader({ params, context }: Route.LoaderArgs) {
  await loadMember(context, params.memberId);
  return null;
}

/** In the app the chat start below finds out the same and says so with its toast (spec §8), with no extra call. */
export function clientLoader() {
  return null;
}

/**
 * Spec §2 /members/{memberId}/chat: finds or starts the conversation and opens it in its place.
 * When that fails the toast says so (spec §8) and the page offers the way back to the profile.
 */
export default function MemberChat() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const { start } = useStartChat();
  const started = useRef<string | null>(null);
  const valid = /^\d{1,15}$/.test(memberId);

  useEffect(() => {
    // Once per member, also under StrictMode's double effects.
    if (!valid || started.current === memberId) return;
    started.current = memberId;
    void start(Number(memberId), { replace: true });
  }, [memberId, start, valid]);

  return (
    <div className="mx-auto max-w-md space-y-4 py-8 text-center">
      <p role="status" className="text-ink-muted">
        {t('chats.starting')}
      </p>
      {valid ? (
        <ButtonLink variant="secondary" to={NAMED_ROUTES['members-memberId'](memberId)}>
          {t('chats.back_to_profile')}
        </ButtonLink>
      ) : null}
    </div>
  );
}
