import { useRef } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/shell/offline-banner';
import { AccountTopNav } from '../features/accounts/components/account-top-nav';
import { useBadgeCounts } from '../features/badge/components/badge-provider';
import { useVisibleViewport } from '../lib/visible-viewport';

/**
 * An app screen for conversations (issue 21): the frame covers exactly what the member sees, so
 * the header and the composer stay put, only the message list scrolls, and the page itself never
 * does, with the keyboard open or not. No footer: the composer sits at the bottom. The offline
 * banner is the frame's first row (the page's own would lie over the header), so the header and
 * the composer keep their room and the message list gives up the banner's height.
 */
export default function ChatLayout() {
  const frame = useRef<HTMLDivElement>(null);
  useVisibleViewport(frame);
  return (
    <div ref={frame} className="layout-chat flex flex-col">
      <OfflineBanner />
      <AccountTopNav counts={useBadgeCounts()} />
      <main id="main" className="mx-auto flex min-h-0 w-full max-w-6xl flex-1 flex-col overflow-hidden px-2 py-2">
        <Outlet />
      </main>
    </div>
  );
}
