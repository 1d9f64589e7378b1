import { Outlet } from 'react-router';
import { AccountTopNav } from '../features/accounts/components/account-top-nav';
import { useBadgeCounts } from '../features/badge/components/badge-provider';

/** Full-height frame for conversations: the composer sits at the bottom, so no footer. */
export default function ChatLayout() {
  return (
    <div className="layout-chat flex h-dvh flex-col">
      <AccountTopNav counts={useBadgeCounts()} />
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col overflow-hidden px-2 py-2">
        <Outlet />
      </main>
    </div>
  );
}
