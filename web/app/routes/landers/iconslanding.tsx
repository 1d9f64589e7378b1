import { InterestsResponseSchema } from '@rendezvous/contract';
import { loadLander } from '../../features/landers/api/load-lander';
import {
  IconsLander,
  LANDER_INTEREST_ICONS,
  type LanderInterest,
} from '../../features/landers/components/icons-lander';
import { useLanderVisitBeacon } from './lander-route';
import { LanderSignupCall } from './lander-signup-call';
import type { Route } from './+types/iconslanding';

export { headers, meta, shouldRevalidate } from './lander-route';

const hasIcon = (code: string): code is LanderInterest => Object.hasOwn(LANDER_INTEREST_ICONS, code);

/** Spec §2 /landers/iconslanding/{slug...} (empty layout): a grid of interests to tap, a call that opens the form. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [data, answer] = await Promise.all([
    loadLander(context, 'iconslanding', params['*'] ?? '', { limit: 5 }),
    context.api.get('/api/interests.php'),
  ]);
  const offered = answer.status === 200 ? InterestsResponseSchema.safeParse(answer.body) : null;
  // The site's own list decides which interests show; without it, every one with an icon.
  const interests = offered?.success
    ? offered.data.interests.map((interest) => interest.id).filter(hasIcon)
    : (Object.keys(LANDER_INTEREST_ICONS) as LanderInterest[]);
  return { ...data, interests };
}

export default function IconsLanderPage({ loaderData }: Route.ComponentProps) {
  useLanderVisitBeacon(loaderData);
  return <IconsLander data={loaderData} interests={loaderData.interests} signup={<LanderSignupCall />} />;
}
