import { useRef } from 'react';
import { Outlet } from 'react-router';
import { AccountTopNav } from '../features/accounts/components/account-top-nav';
import { useBadgeCounts } from '../features/badge/components/badge-provider';
import { useVisibleViewport } from '../lib/visible-viewport';

/**
 * An app screen for conversations (issue 21): the frame covers exactly what the member sees, so
 * the header and the composer stay put, only the message list scrolls, and the page itself never
 * does, with the keyboard open or not. No footer: the composer sits at the bottom.
 */
export default function ChatLayout() {
  const frame = useRef<HTMLDivElement>(null);
  useVisibleViewport(frame);
  return (
    <div ref={frame} className="layout-chat flex flex-col">
      <AccountTopNav counts={useBadgeCounts()} />
      <main id="main" className="mx-auto flex min-h-0 w-full max-w-6xl flex-1 flex-col overflow-hidden px-2 py-2">
        <Outlet />
      </main>
    </div>
  );
}
