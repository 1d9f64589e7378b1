import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMatches, useRevalidator } from 'react-router';
import { createQueryClient } from './query-client';
import { plantQuerySeeds } from './query-seeds';

/**
 * Gives the app its query cache, started with the answers the page's loaders read on the server
 * (`query-seeds.ts`). A lost session reloads the root loader's data, which reads the
 * user again (spec §4/§8); another member's data never outlives a change of member.
 */
export function QueryProvider({ memberId, children }: { memberId: number | null; children: ReactNode }) {
  const { revalidate } = useRevalidator();
  const matches = useMatches();
  // The client lives as long as the page; the revalidator it calls may be replaced meanwhile.
  const [{ client, sessionLostRef }] = useState(() => {
    const handler: { current: () => unknown } = { current: () => undefined };
    const created = createQueryClient(() => handler.current());
    // What the first screen's loaders read on the server is there from the first render.
    plantQuerySeeds(created, matches);
    return { client: created, sessionLostRef: handler };
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
