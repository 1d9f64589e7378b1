import {
  similarFilters,
  visitorsMaySearch,
  MAX_AGE,
  MIN_AGE,
  type MemberDetail,
  type ProfileCard as Card,
} from '@rendezvous/contract';
import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ProfileCard } from '../components/members/profile-card';
import { useCountryNames } from '../components/profile-fields/labels';
import { Button, ButtonLink } from '../components/ui/button';
import { useStartChat } from '../features/chats/hooks/use-start-chat';
import { useMarkLikeSeen } from '../features/likes/api/like-profile';
import { LikeButton } from '../features/likes/components/like-button';
import { getMember, loadMember } from '../features/members/api/get-member';
import { MemberFacts } from '../features/members/components/member-facts';
import { MemberGallery } from '../features/members/components/member-gallery';
import { searchQueryOptions } from '../features/search/api/search-calls';
import { SafetyMenu } from '../features/safety/components/safety-menu';
import { LazySignupModal, loadSignupModal } from '../features/signup/components/lazy-signup-modal';
import { useTrafficSourceNetwork } from '../features/signup/lib/traffic-source';
import { notFoundOn404, notFoundResponse, RECORD_ID } from '../lib/server-record';
import { useWebContext } from '../lib/use-web-context';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/member';
import { useProfileVisit } from '../features/privacy/hooks/use-profile-visit';

/** The search page and its alias (spec §2): coming from there, "back" returns to the same place in the list. */
const SEARCH_PATHS = [NAMED_ROUTES.members, '/search'];
const LIKES_ALIAS_PREFIX = '/likes/m/';
// A visitor reaching for the sign-up starts loading it, so the form is usually there by the click.
const warmUpSignup = () => void loadSignupModal();

/** GET /api/member.php on the server: unknown, deleted, banned and blocked members answer 404 (spec §2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await loadMember(context, params.memberId);
  // A first load comes from outside the app, never from the search page.
  return { member, cameFromSearch: false };
}

/**
 * Later navigations read the member straight from the API. The first load is not read here
 * again: without `hydrate` the page hydrates with what the server loader already sent.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // A client-side navigation has not committed yet, so the address bar still shows the page we came from.
  const cameFromSearch = SEARCH_PATHS.includes(window.location.pathname);
  if (!RECORD_ID.test(params.memberId)) throw notFoundResponse();
  // Deleted, banned and unknown members all answer 404: the visitor sees the not-found page (spec §2).
  const member = await notFoundOn404(getMember(Number(params.memberId), request.signal));
  return { member, cameFromSearch };
}

/** Later revalidations (the user poll, a login elsewhere) would lose where the page was opened from. */
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.memberId !== nextParams.memberId && defaultShouldRevalidate;
}

/**
 * Spec §7 similar search around the viewed member: same gender and country, every region, their
 * age widened. Only asked where the search would answer: a visitor the site keeps out of the
 * search (spec §6) sees no section rather than a refused call. Other failures are logged only
 * (spec §8), by the query cache.
 */
function useSimilarMembers(member: MemberDetail): Card[] {
  const { id, gender, country, age } = member;
  const { settings, user } = useWebContext();
  const trafficsource = useTrafficSourceNetwork() ?? undefined;
  const maySearch = Boolean(user) || visitorsMaySearch(settings, trafficsource);
  const filters =
    gender && country
      ? similarFilters({ gender, country, countryregion: 0, min_age: age ?? MIN_AGE, max_age: age ?? MAX_AGE })
      : null;
  const query = useQuery({
    ...searchQueryOptions({ manual_search: 1, do_not_save: 1, ...filters, ...(user ? {} : { trafficsource }) }),
    enabled: filters !== null && maySearch,
  });
  return query.data?.profiles.filter((profile) => profile.id !== id) ?? [];
}

/** Spec §2 /members/{memberId} (alias /likes/m/{memberId}): one member's page, for members and visitors. */
export default function Member({ loaderData }: Route.ComponentProps) {
  const { member, cameFromSearch } = loaderData;
  const { t } = useTranslation();
  const { settings, user } = useWebContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const countryName = useCountryNames();
  const similar = useSimilarMembers(member);
  // Null until a visitor first asks to sign up: only then does the form load.
  const [signupOpen, setSignupOpen] = useState<boolean | null>(null);
  const { start: startChat, starting: startingChat } = useStartChat();
  // Spec §2: on the likes screen the start-chat and view-profile buttons are hidden.
  const onLikesScreen = pathname.startsWith(LIKES_ALIAS_PREFIX);
  // Spec §6: only members like, and only on sites whose template has likes.
  const mayLike = Boolean(user) && settings.template.features.likes;
  const memberId = member.id;
  // Spec §4: opening a profile from the likes marks that like as no longer new.
  const { mutate: markLikeSeen } = useMarkLikeSeen();
  useEffect(() => {
    if (!onLikesScreen || !user) return;
    markLikeSeen(memberId);
  }, [onLikesScreen, user, memberId, markLikeSeen]);
  // One's own page is no visit; the server says so too.
  useProfileVisit(memberId, Boolean(user) && user?.profile.id !== memberId);
  const place = [member.city, member.country ? countryName(member.country) : null].filter(Boolean).join(', ');

  return (
    <div className="member-page mx-auto max-w-3xl space-y-5">
      <nav aria-label={t('member_page.back_label')}>
        {onLikesScreen ? (
          <ButtonLink variant="ghost" size="sm" to={NAMED_ROUTES.likes}>
            <span aria-hidden="true">←</span> {t('likes.back')}
          </ButtonLink>
        ) : cameFromSearch ? (
          <Button variant="ghost" size="sm" onClick={() => void navigate(-1)}>
            <span aria-hidden="true">←</span> {t('member_page.back')}
          </Button>
        ) : (
          <ButtonLink variant="ghost" size="sm" to={NAMED_ROUTES.members}>
            <span aria-hidden="true">←</span> {t('member_page.back')}
          </ButtonLink>
        )}
      </nav>

      <div className="grid gap-5 sm:grid-cols-2">
        <MemberGallery
          key={member.id}
          name={member.name}
          images={member.images}
          mainImageId={member.main_image?.id ?? null}
          cdnPrefix={settings.cdn_prefix}
        />
        <div className="space-y-3">
          <h1 className="heading text-3xl break-words">
            {member.name}
            {member.age !== null ? <span className="font-normal">, {member.age}</span> : null}
            {settings.fictional_icon && member.fictional ? (
              <span className="badge ms-2 align-middle text-base" title={t('members.fictional_title')}>
                <span aria-hidden="true">★</span>
                <span className="sr-only">{t('members.fictional_title')}</span>
              </span>
            ) : null}
          </h1>
          {place ? <p className="text-ink-muted">{place}</p> : null}
          {user && user.profile.id !== member.id ? (
            <div className="flex justify-end">
              <SafetyMenu
                profile={{ id: member.id, name: member.name }}
                onBlocked={() => void navigate(NAMED_ROUTES.members, { replace: true })}
              />
            </div>
          ) : null}
          {mayLike ? (
            <LikeButton
              key={member.id}
              profileId={member.id}
              name={member.name}
              liked={member.likes.did_like_profile}
            />
          ) : null}
          {onLikesScreen ? null : user ? (
            <ButtonLink
              block
              to={`${NAMED_ROUTES['members-memberId'](member.id)}/chat`}
              aria-disabled={startingChat || undefined}
              onClick={(event) => {
                // Started from here, so a failure leaves the member on this page with the toast (spec §8).
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                void startChat(member.id);
              }}
            >
              {t('member_page.chat', { name: member.name })}
            </ButtonLink>
          ) : (
            // Spec §6: only members start chats, so a visitor signs up first, right here on the profile.
            <Button
              block
              aria-haspopup="dialog"
              onClick={() => setSignupOpen(true)}
              onPointerEnter={warmUpSignup}
              onFocus={warmUpSignup}
              onTouchStart={warmUpSignup}
            >
              {t('member_page.chat_signup', { name: member.name })}
            </Button>
          )}
        </div>
      </div>
      {/* Outside the visitor branch: the new member stays in the sign-up steps once the account exists. */}
      {signupOpen === null ? null : (
        <Suspense fallback={null}>
          <LazySignupModal
            open={signupOpen}
            onClose={() => setSignupOpen(false)}
            referringProfile={{ name: member.name }}
          />
        </Suspense>
      )}

      <MemberFacts member={member} />

      {similar.length > 0 ? (
        <section className="space-y-3" aria-labelledby="member-similar-title">
          <h2 id="member-similar-title" className="heading text-2xl">
            {t('member_page.similar_title')}
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('member_page.similar_title')}>
            {similar.map((profile) => (
              <li key={profile.id}>
                <ProfileCard
                  profile={profile}
                  to={NAMED_ROUTES['members-memberId'](profile.id)}
                  actions={
                    mayLike ? (
                      <LikeButton profileId={profile.id} name={profile.name} liked={profile.likes.did_like_profile} />
                    ) : null
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
