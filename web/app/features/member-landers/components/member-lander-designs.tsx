import type { MemberDetail } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/shell/footer';
import { useWebContext } from '../../../lib/use-web-context';
import { FunnelHeader } from './funnel-header';
import { useMemberHeadline } from './member-headline';
import { MemberPortrait } from './member-portrait';

export interface MemberLanderProps {
  member: MemberDetail;
  /** The member's facts, as their profile shows them. */
  facts: ReactNode;
  /** What the page ends in: the sign-up form, a call that opens it, or a member's chat link. */
  action: ReactNode;
}

const TITLE_ID = 'member-lander-title';

/** The site's mark for a fictional profile (spec §3 fictional_icon), so no visitor mistakes one for a real person. */
function FictionalMark({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  if (!settings.fictional_icon || !member.fictional) return null;
  return (
    <span className="badge ms-2 align-middle text-base" title={t('members.fictional_title')}>
      <span aria-hidden="true">★</span>
      <span className="sr-only">{t('members.fictional_title')}</span>
    </span>
  );
}

function Headline({ member, className }: { member: MemberDetail; className: string }) {
  return (
    <h1 id={TITLE_ID} className={`heading break-words ${className}`}>
      {useMemberHeadline(member)}
      <FictionalMark member={member} />
    </h1>
  );
}

/**
 * /members/{id}/signup and /landing (lander layout): the member beside the form on a wide
 * screen; on a phone the form follows the photo and headline, the facts come last.
 */
export function MemberLanderPage({ member, facts, action }: MemberLanderProps) {
  const { settings } = useWebContext();
  return (
    <article className="member-lander grid gap-5 md:grid-cols-2 md:items-start" aria-labelledby={TITLE_ID}>
      <header className="space-y-3">
        <MemberPortrait
          name={member.name}
          image={member.main_image}
          cdnPrefix={settings.cdn_prefix}
          className="aspect-square w-full rounded-card"
        />
        <Headline member={member} className="text-3xl" />
      </header>
      <div className="card p-4 sm:p-6 md:col-start-2 md:row-span-2 md:row-start-1">{action}</div>
      <div className="space-y-4">{facts}</div>
    </article>
  );
}

/**
 * /members/{id}/landing2/{slug} (empty layout): the member's first message as a chat on a
 * phone, their facts, then the form right there.
 */
export function ChatInviteLander({ member, facts, action }: MemberLanderProps) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  return (
    <div className="member-lander-chat flex min-h-dvh flex-col">
      <div className="bg-linear-to-b from-brand-strong to-brand pb-8 text-on-brand">
        <FunnelHeader tone="dark" />
        <article className="mx-auto w-full max-w-md space-y-4 px-4" aria-labelledby={TITLE_ID}>
          <div className="flex items-center gap-3">
            <MemberPortrait
              name={member.name}
              image={member.main_image}
              cdnPrefix={settings.cdn_prefix}
              className="size-20 shrink-0 rounded-full border-4 border-on-brand text-4xl"
            />
            <Headline member={member} className="text-2xl text-on-brand" />
          </div>
          {/* The site speaks here, never the member: no words are put in a real person's mouth. */}
          <p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-surface p-4 text-ink shadow-ui">
            {t('member_lander.invite_message', { name: member.name })}
          </p>
          <p className="ms-auto max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-soft p-4 text-ink">
            {t('member_lander.invite_reply')}
          </p>
          <div className="space-y-4 text-ink">{facts}</div>
          <div className="card p-4 text-ink sm:p-6">{action}</div>
        </article>
      </div>
      <Footer />
    </div>
  );
}

/**
 * /members/{id}/landing3/{slug} (empty layout): the member's photo fills the first screen with
 * the headline over it; the facts follow and the page ends in one call to chat.
 */
export function SpotlightLander({ member, facts, action }: MemberLanderProps) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  return (
    <div className="member-lander-spotlight flex min-h-dvh flex-col bg-page">
      <FunnelHeader tone="light" />
      <article className="mx-auto w-full max-w-2xl flex-1 space-y-5 px-4 pb-8" aria-labelledby={TITLE_ID}>
        <div className="relative overflow-hidden rounded-card shadow-pop">
          <MemberPortrait
            name={member.name}
            image={member.main_image}
            cdnPrefix={settings.cdn_prefix}
            className="aspect-[4/5] max-h-[70dvh] w-full"
          />
          {/* A dark fade under the words keeps them readable over any photo. */}
          <div className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/85 to-transparent p-5 pt-20 text-white">
            <Headline member={member} className="text-3xl text-white" />
            <p className="mt-1">{t('member_lander.spotlight_intro', { site: settings.name })}</p>
          </div>
        </div>
        <div className="space-y-4">{facts}</div>
        <div className="sticky bottom-3">{action}</div>
      </article>
      <Footer />
    </div>
  );
}
