import { CSRF_COOKIE, type SignupRequest, type User } from '@rendezvous/contract';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { readCookie } from '../../../lib/cookies';
import { useLocale } from '../../../lib/locale';
import { useWebContext } from '../../../lib/use-web-context';
import { registerPushSubscription } from '../../../lib/user-calls';
import { detectPush } from '../../../lib/push';
import {
  STEP,
  firstStepForMember,
  nextStep,
  signupsAllowed,
  stepAfterSignup,
  type SignupStep,
} from '../lib/signup-steps';
import { readTrafficSource, useTrafficSourceNetwork } from '../lib/traffic-source';
import { AccountStep, type SignupContext } from './account-step';
import type { FinishTo } from './confirm-step';
import { InviteOnlyNotice } from './invite-only-notice';
import { ProgressDots } from './progress-dots';
import { StepWaiting } from './step-shell';
import { withWholeCatalogue } from '../../../lib/catalogue-loader';

export interface SignupFormProps {
  /** The member whose page the visitor came from; the title then mentions them. */
  referringProfile?: { name: string };
  /** The title of step 0 (spec §2: optional). */
  showTitle?: boolean;
  /** Progress dots, when the site enables them too (settings.signup.showDots). */
  showDots?: boolean;
  /** The terms and privacy links under step 0. */
  showLegalLinks?: boolean;
  /** Called when the member leaves the finished sign-up for the members area (e.g. closes the modal). */
  onClose?: () => void;
  /** Profile answers a lander collected before the form (spec §3 signup profile fields). */
  profile?: SignupRequest['profile'];
  /** Where the last step's button leads instead of the members area (e.g. a chat with the referring member). */
  finishTo?: FinishTo;
  /** Runs once the account exists and the new member is logged in, before the next step shows. */
  onAccountCreated?: (user: User) => Promise<void> | void;
}

// The steps after the account load once the visitor asks for one, so a lander's first load
// carries the account step alone (bench:pages measures it).
const loadLaterSteps = withWholeCatalogue(() => import('./later-steps'));
const LaterStep = lazy(() => loadLaterSteps().then((module) => ({ default: module.LaterStep })));
const ActivationProgress = lazy(() => loadLaterSteps().then((module) => ({ default: module.ActivationProgress })));

/** Where the flow is: a step, or the activation screen on its way to one. */
type Position = { step: SignupStep } | { activationThen: SignupStep };

/**
 * The sign-up of spec §2, steps 0 to 7, moving as spec §4 says. A visitor starts at the account
 * step; a logged-in member starts at the first step still unanswered.
 */
export function SignupForm({
  referringProfile,
  showTitle = true,
  showDots = true,
  showLegalLinks = true,
  onClose,
  profile,
  finishTo,
  onAccountCreated,
}: SignupFormProps) {
  const { t } = useTranslation();
  const web = useWebContext();
  const { settings } = web;
  const { locale } = useLocale();
  const { revalidate } = useRevalidator();
  const network = useTrafficSourceNetwork();
  // The freshest user: the one the last call answered with, until the root has reloaded its own.
  const [latestUser, setLatestUser] = useState<User | null>(null);
  const user = latestUser ?? web.user;
  const [position, setPosition] = useState<Position>(() =>
    web.user ? { step: firstStepForMember(web.user.profile) } : { step: STEP.account },
  );
  // Focus follows the flow to each new step, but not on arrival at the page.
  const [moved, setMoved] = useState(false);

  const keep = useCallback(
    (updated: User | undefined) => {
      if (!updated) return;
      setLatestUser(updated);
      // The root loader holds the user the rest of the site reads.
      void revalidate();
    },
    [revalidate],
  );

  const advance = useCallback(
    (updated?: User) => {
      keep(updated);
      setMoved(true);
      setPosition((current) => ('step' in current ? { step: nextStep(current.step) } : current));
    },
    [keep],
  );

  const created = useCallback(
    async (account: User) => {
      void loadLaterSteps();
      keep(account);
      // The caller's work belongs to the account, not to the flow: a failure is logged and the member goes on.
      await Promise.resolve(onAccountCreated?.(account)).catch((error: unknown) =>
        console.warn('The work after account creation failed', error),
      );
      const after = stepAfterSignup(await detectPush(settings.push_pub));
      if (after.register) {
        registerPushSubscription(after.register)
          .then(keep)
          .catch((error: unknown) => console.warn('Registering the push subscription failed', error));
      }
      setMoved(true);
      setPosition({ activationThen: after.step });
    },
    [keep, onAccountCreated, settings.push_pub],
  );

  const context = useCallback(
    (): SignupContext => ({
      trafficsource: readTrafficSource(),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      country: settings.geoip_selected_country ?? settings.geoip_country,
      language: locale === 'pseudo' ? settings.domain_language : locale,
      profile: profile ?? {},
      form_path: window.location.pathname,
      referrer: document.referrer || null,
      csrf: readCookie(CSRF_COOKIE) ?? web.csrfToken,
    }),
    [locale, profile, settings, web.csrfToken],
  );

  if (!user && !signupsAllowed(settings.signups, network)) return <InviteOnlyNotice />;

  if ('activationThen' in position) {
    const then = position.activationThen;
    return user ? (
      <Suspense fallback={<StepWaiting />}>
        <ActivationProgress user={user} siteEmail={settings.email} onContinue={() => setPosition({ step: then })} />
      </Suspense>
    ) : (
      <StepWaiting />
    );
  }

  const { step } = position;
  const dots = showDots && settings.signup.showDots && step < STEP.confirm ? <ProgressDots step={step} /> : null;

  if (step === STEP.account || !user) {
    return (
      <AccountStep
        context={context}
        onCreated={(account) => void created(account)}
        title={
          showTitle
            ? referringProfile
              ? t('signup.title_with_profile', { name: referringProfile.name })
              : t('signup.title')
            : undefined
        }
        intro={showTitle ? t('signup.intro', { site: settings.name }) : undefined}
        top={dots}
        showLegalLinks={showLegalLinks}
      />
    );
  }

  return (
    <Suspense fallback={<StepWaiting />}>
      <LaterStep
        step={step}
        user={user}
        settings={settings}
        onDone={advance}
        focusTitle={moved}
        top={dots}
        onClose={onClose}
        finishTo={finishTo}
      />
    </Suspense>
  );
}
