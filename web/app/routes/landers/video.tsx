import { loadLander } from '../../features/landers/api/load-lander';
import { VideoLander } from '../../features/landers/components/video-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupForm } from './lander-signup-form';
import type { Route } from './+types/video';

export { headers, meta, shouldRevalidate } from './lander-route';

/** Spec §2 /landers/video/{slug...} (lander layout): a moving "video" background of members behind the pitch, the form below. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'video', params['*'] ?? '', { limit: 6 });
}

export default function VideoLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <VideoLander data={loaderData} signup={<LanderSignupForm />} />;
}
