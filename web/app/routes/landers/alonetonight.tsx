import { loadLander } from '../../features/landers/api/load-lander';
import { AloneTonightLander } from '../../features/landers/components/alone-tonight-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupCall } from './lander-signup-call';
import type { Route } from './+types/alonetonight';

export { headers, meta, shouldRevalidate } from './lander-route';

/** Spec §2 /landers/alonetonight/{slug...} (empty layout): "alone tonight?" under a night sky, a call that opens the form. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'alonetonight', params['*'] ?? '', { limit: 4 });
}

export default function AloneTonightLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <AloneTonightLander data={loaderData} signup={<LanderSignupCall onDark />} />;
}
