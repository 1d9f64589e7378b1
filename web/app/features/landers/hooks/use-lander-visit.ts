import {
  LANDER_SLUG_MAX_LENGTH,
  LANDER_SLUG_PATTERN,
  LANDER_VISIT_PATH,
  type LanderName,
  type LanderVisitRequest,
} from '@rendezvous/contract';
import { useEffect, useRef } from 'react';

/**
 * One visit beacon per lander view (POST /api/landers/visit.php), with the network of the
 * traffic source the visitor came through. `readNetwork` is asked once the page runs, since the
 * source may only be in the address at this very moment. A slug we could not store sends nothing.
 */
export function useLanderVisit(lander: LanderName, slug: string, readNetwork: () => string | null): void {
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${lander}/${slug}`;
    const storable = slug.length <= LANDER_SLUG_MAX_LENGTH && LANDER_SLUG_PATTERN.test(slug);
    if (!storable || sentFor.current === key || typeof navigator.sendBeacon !== 'function') return;
    sentFor.current = key;
    const visit: LanderVisitRequest = { lander, slug };
    const network = readNetwork();
    if (network) visit.network = network;
    navigator.sendBeacon(LANDER_VISIT_PATH, new Blob([JSON.stringify(visit)], { type: 'application/json' }));
  }, [lander, slug, readNetwork]);
}
