import { loadLander } from '../../features/landers/api/load-lander';
import { CollageLander } from '../../features/landers/components/collage-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupCall } from './lander-signup-call';
import type { Route } from './+types/collagelanding';

export { headers, meta, shouldRevalidate } from './lander-route';

/** Spec §2 /landers/collagelanding/{slug...} (empty layout): a photo collage, a call that opens the form. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'collagelanding', params['*'] ?? '', { limit: 9 });
}

export default function CollageLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <CollageLander data={loaderData} signup={<LanderSignupCall />} />;
}
