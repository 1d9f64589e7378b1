import { loadMember } from '../features/members/api/get-member';
import type { Route } from './+types/member-lander';

export { meta, default } from './not-available';

/**
 * Spec §2 landers about one member (/members/{memberId}/signup, landing, landing2, landing3):
 * their pages come with a later issue, but a lander for a member who is not there is already
 * a 404, so an ad pointing at a deleted profile shows as broken to link checkers.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  await loadMember(context, params.memberId);
  return null;
}
