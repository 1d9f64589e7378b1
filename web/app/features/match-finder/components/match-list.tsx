import type { ProfileCard as Card } from '@rendezvous/contract';
import { ProfileCard } from '../../../components/members/profile-card';

export interface MatchListProps {
  profiles: readonly Card[];
  label: string;
  /** Where a card leads: before sign-up, to the sign-up. */
  to: string;
}

/** The matches as search cards; a real member's card may come without photos and shows their initial. */
export function MatchList({ profiles, label, to }: MatchListProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label={label}>
      {profiles.map((profile) => (
        <li key={profile.id}>
          <ProfileCard profile={profile} to={to} />
        </li>
      ))}
    </ul>
  );
}
