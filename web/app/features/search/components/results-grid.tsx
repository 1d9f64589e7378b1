import { adSlotAt, type CamItem, type ProfileCard as Card } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { ProfileCard } from '../../../components/members/profile-card';
import { NAMED_ROUTES } from '../../../route-table';
import { PartnerAd } from './partner-ad';
import { WebcamAd } from './webcam-ad';

export interface ResultsGridProps {
  profiles: readonly Card[];
  /** Performers for the webcam slots; null when this viewer gets no webcam ads (spec §6). */
  cams: readonly CamItem[] | null;
  /** Spec §4/§6: partner ads go to everyone who sees search results, logged in or not. */
  partnerAds: boolean;
  label: string;
  /** Controls for each card that other features provide (the like button), composed by the route. */
  cardActions?: (profile: Card) => ReactNode;
}

/**
 * The cards with the ads of spec §4 woven in: position counts ads and cards alike, so a webcam
 * item sits at 1, 13, 25… and a partner ad at 5, 17, 29…. An empty webcam slot goes to a card.
 */
export function ResultsGrid({ profiles, cams, partnerAds, label, cardActions }: ResultsGridProps) {
  const items: ReactNode[] = [];
  let camIndex = 0;
  for (const profile of profiles) {
    for (let slot = adSlotAt(items.length); slot; slot = adSlotAt(items.length)) {
      if (slot === 'webcam' && cams && cams.length > 0) {
        const cam = cams[camIndex++ % cams.length]!;
        items.push(
          <li key={`cam-${items.length}`}>
            <WebcamAd cam={cam} />
          </li>,
        );
      } else if (slot === 'partner' && partnerAds) {
        items.push(
          <li key={`partner-${items.length}`}>
            <PartnerAd />
          </li>,
        );
      } else break;
    }
    items.push(
      <li key={profile.id}>
        <ProfileCard
          profile={profile}
          to={NAMED_ROUTES['members-memberId'](profile.id)}
          actions={cardActions?.(profile)}
          priority={profile === profiles[0]}
        />
      </li>,
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={label}>
      {items}
    </ul>
  );
}
