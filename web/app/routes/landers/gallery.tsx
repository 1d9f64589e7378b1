import { loadLander } from '../../features/landers/api/load-lander';
import { GalleryLander } from '../../features/landers/components/gallery-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupForm } from './lander-signup-form';
import type { Route } from './+types/gallery';

export { headers, meta, shouldRevalidate } from './lander-route';

/** Spec §2 /landers/gallery/{slug...} (lander layout): a gallery of members, the form below. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'gallery', params['*'] ?? '', { limit: 9 });
}

export default function GalleryLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <GalleryLander data={loaderData} signup={<LanderSignupForm />} />;
}
