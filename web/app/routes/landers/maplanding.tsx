import { loadLander } from '../../features/landers/api/load-lander';
import { MapLander } from '../../features/landers/components/map-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupForm } from './lander-signup-form';
import type { Route } from './+types/maplanding';

export { headers, meta, shouldRevalidate } from './lander-route';

/** Spec §2 /landers/maplanding/{slug...} (lander layout): members on a map of the visitor's country, the form below. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'maplanding', params['*'] ?? '', { limit: 24, ofCountry: true });
}

export default function MapLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <MapLander data={loaderData} signup={<LanderSignupForm />} />;
}
