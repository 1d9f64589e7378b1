import { loadLander } from '../../features/landers/api/load-lander';
import { TransitionsLander } from '../../features/landers/components/transitions-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupCall } from './lander-signup-call';
import type { Route } from './+types/transitionsvideolanding';

export { headers, meta, shouldRevalidate } from './lander-route';

/** Spec §2 /landers/transitionsvideolanding/{slug...} (empty layout): a "video" of scenes with transitions, a call that opens the form. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'transitionsvideolanding', params['*'] ?? '', { limit: 4 });
}

export default function TransitionsLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <TransitionsLander data={loaderData} signup={<LanderSignupCall onDark />} />;
}
