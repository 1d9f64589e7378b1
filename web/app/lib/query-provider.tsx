import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { createQueryClient } from './query-client';

/**
 * Gives the app its query cache. A lost session reloads the root loader's data, which reads the
 * user again (spec §4/§8); another member's data never outlives a change of member.
 */
export function QueryProvider({ memberId, children }: { memberId: number | null; children: ReactNode }) {
  const { revalidate } = useRevalidator();
  // The client lives as long as the page; the revalidator it calls may be replaced meanwhile.
  const [{ client, sessionLostRef }] = useState(() => {
    const handler: { current: () => unknown } = { current: () => undefined };
    return { client: createQueryClient(() => handler.current()), sessionLostRef: handler };
  });
  // A visitor's 403 (search kept for members) ends no session: there is no user to read again.
  useEffect(() => {
    sessionLostRef.current = memberId === null ? () => undefined : revalidate;
  }, [sessionLostRef, revalidate, memberId]);

  const shownFor = useRef(memberId);
  useEffect(() => {
    if (shownFor.current === memberId) return;
    shownFor.current = memberId;
    client.clear();
  }, [client, memberId]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
