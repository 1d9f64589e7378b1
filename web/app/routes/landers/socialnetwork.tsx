import { loadLander } from '../../features/landers/api/load-lander';
import { SocialLander } from '../../features/landers/components/social-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupForm } from './lander-signup-form';
import type { Route } from './+types/socialnetwork';

export { headers, meta, shouldRevalidate } from './lander-route';

/** Spec §2 /landers/socialnetwork/{slug...} (lander layout): a social feed of members' posts, the form below. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'socialnetwork', params['*'] ?? '', { limit: 4 });
}

export default function SocialLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <SocialLander data={loaderData} signup={<LanderSignupForm />} />;
}
