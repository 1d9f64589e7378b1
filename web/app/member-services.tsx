import { usePageHiddenBeacon } from './features/accounts/hooks/use-page-hidden-beacon';
import { useUserPolling } from './features/accounts/hooks/use-user-polling';
import { useBadgePolling } from './features/badge/hooks/use-badge-polling';
import { chatsQueryOptions } from './features/chats/api/chats-query';
import { likesQueryOptions } from './features/likes/api/likes-query';

/**
 * What keeps a logged-in member's page current on every screen: the user poll, the chats and
 * likes behind the badge (spec §4, §9) and the "last seen" beacon (spec §7). It shows nothing, so
 * the root loads it apart and renders it beside the page: a visitor's first load goes without it.
 */
export default function MemberServices() {
  useUserPolling();
  usePageHiddenBeacon(true);
  useBadgePolling({ chats: chatsQueryOptions(), likes: likesQueryOptions() });
  return null;
}
