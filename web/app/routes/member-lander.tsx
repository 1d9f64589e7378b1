import type { MemberDetail } from '@rendezvous/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, type ShouldRevalidateFunctionArgs } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button';
import {
  ChatInviteLander,
  MemberLanderPage,
  SpotlightLander,
} from '../features/member-landers/components/member-lander-designs';
import { loadMember } from '../features/members/api/get-member';
import { MemberFacts } from '../features/members/components/member-facts';
import { SignupForm } from '../features/signup/components/signup-form';
import { SignupModal } from '../features/signup/components/signup-modal';
import { useWebContext } from '../lib/use-web-context';
import { NAMED_ROUTES, routeNameFromId } from '../route-table';
import type { Route } from './+types/member-lander';

/** Paid traffic lands here; search engines should send nobody. */
export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** GET /api/member.php as the visitor: unknown, gone and hidden members make the lander a 404 (spec §2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { member: await loadMember(context, params.memberId) };
}

/** The member does not change while the page is open; the user poll and the new account must not reload them. */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.memberId !== nextParams.memberId && defaultShouldRevalidate;
}

type Design = 'page' | 'chat-invite' | 'spotlight';

/** The route names of the route table: landing2 and landing3 are the empty layout's two designs. */
const DESIGNS: Record<string, Design> = {
  'members-memberId-landing2-slug': 'chat-invite',
  'members-memberId-landing3-slug': 'spotlight',
};

const chatPath = (member: MemberDetail) => `${NAMED_ROUTES['members-memberId'](member.id)}/chat`;

/**
 * Spec §2 landers about one member (/members/{id}/signup, /landing, /landing2/{slug}, /landing3/{slug}):
 * the member and the sign-up titled for them (step 0 with a referring profile). The finished
 * sign-up leads into the chat with them; a member who is already logged in gets that chat link
 * instead of the form.
 */
export default function MemberLander({ loaderData }: Route.ComponentProps) {
  const { member } = loaderData;
  const { t } = useTranslation();
  const { user } = useWebContext();
  const leaf = useMatches().at(-1);
  const design = DESIGNS[leaf ? routeNameFromId(leaf.id) : ''] ?? 'page';
  // Fixed on arrival: the visitor who signs up here stays in the sign-up steps once the account exists.
  const [visitor] = useState(() => user === null);
  const [signupOpen, setSignupOpen] = useState(false);

  const chatLabel = t('member_page.chat', { name: member.name });
  const signup = {
    referringProfile: { name: member.name },
    finishTo: { path: chatPath(member), label: chatLabel },
  };

  let action: ReactNode;
  if (!visitor) {
    action = (
      <ButtonLink block size="lg" to={chatPath(member)}>
        {chatLabel}
      </ButtonLink>
    );
  } else if (design === 'spotlight') {
    // This design ends in a call; the form opens over the member's photo.
    action = (
      <>
        <Button block size="lg" className="shadow-pop" aria-haspopup="dialog" onClick={() => setSignupOpen(true)}>
          {t('member_lander.call_to_chat', { name: member.name })}
        </Button>
        <SignupModal open={signupOpen} onClose={() => setSignupOpen(false)} {...signup} />
      </>
    );
  } else {
    action = <SignupForm {...signup} />;
  }

  const props = { member, facts: <MemberFacts member={member} />, action };
  if (design === 'chat-invite') return <ChatInviteLander {...props} />;
  if (design === 'spotlight') return <SpotlightLander {...props} />;
  return <MemberLanderPage {...props} />;
}
