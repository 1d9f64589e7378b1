import type { User } from '@rendezvous/contract';
import type { PushState, PushSubscriptionData } from '../../../lib/push';

export type { PushState, PushSubscriptionData };

/** Spec §9: the activation progress screen polls 20 times, 900 ms apart. */
export const ACTIVATION_TICK_MS = 900;
export const ACTIVATION_MAX_TICKS = 20;
/** Spec §9: the progress ratio counts 6 steps; the dots show 4. */
export const SIGNUP_TOTAL_STEPS = 6;
export const SIGNUP_DOTS = 4;
/** Spec §9: a geolocation result is reused for up to an hour. */
export const GEOLOCATION_CACHE_MS = 3_600_000;

/** The steps of spec §2, by what each one asks. */
export const STEP = {
  account: 0,
  push: 1,
  photo: 2,
  location: 3,
  personal: 4,
  about: 5,
  profileFlow: 6,
  confirm: 7,
} as const;
export type SignupStep = (typeof STEP)[keyof typeof STEP];
export const LAST_STEP: SignupStep = STEP.confirm;

export const UNKNOWN_PUSH: PushState = { capable: null, subscribed: null };

function hasSubscription(push: PushState): push is PushState & { subscribed: PushSubscriptionData } {
  return typeof push.subscribed === 'object' && push.subscribed !== null;
}

/** Spec §4 "At step 1, if push becomes unavailable, advance": unsupported, or refused by the browser. */
export function isPushUnavailable(push: PushState): boolean {
  return push.capable === false || push.subscribed === 'denied';
}

export interface AfterSignup {
  step: SignupStep;
  /** A subscription the browser already holds, to store on the new account. */
  register: PushSubscriptionData | null;
}

/**
 * Spec §4, right after the account exists: with push supported, an existing subscription is
 * registered and a refusal is respected, both jumping two steps ahead; otherwise the push step
 * asks. Without push support the push step is skipped. While support is still unknown the push
 * step opens and leaves by itself once support turns out to be missing.
 */
export function stepAfterSignup(push: PushState): AfterSignup {
  const twoAhead = (STEP.account + 2) as SignupStep;
  if (push.capable === false) return { step: twoAhead, register: null };
  if (hasSubscription(push)) return { step: twoAhead, register: push.subscribed };
  if (push.subscribed === 'denied') return { step: twoAhead, register: null };
  return { step: STEP.push, register: null };
}

/** What of the profile decides where a returning member picks up. */
export type ProfileProgress = Pick<
  User['profile'],
  'main_image' | 'countryregion' | 'city' | 'gender' | 'date_of_birth' | 'personal'
>;

/**
 * Spec §4, a logged-in member entering the form: at the photo step, at the location step with a
 * main photo, and on to the personal, about-me or profile-flow step when region or city, gender
 * or birth date, or personal answers are known. Each rule stands on its own, so the member picks
 * up after the furthest step they answered and never redoes photo or location to get there. The
 * push question belongs to the moment right after the account is made (issue 21): a member coming
 * back is not asked it as though they had just signed up; the profile page offers push.
 */
export function firstStepForMember(profile: ProfileProgress): SignupStep {
  if (Object.keys(profile.personal).length > 0) return STEP.profileFlow;
  if (profile.gender || profile.date_of_birth) return STEP.about;
  if (profile.countryregion || profile.city) return STEP.personal;
  if (profile.main_image) return STEP.location;
  return STEP.photo;
}

/** Spec §4: every skip or save moves exactly one step on, never past the last. */
export function nextStep(step: SignupStep): SignupStep {
  return Math.min(step + 1, LAST_STEP) as SignupStep;
}

/** How far along the visitor is, 0 to 1, over the six steps after the account (spec §9). */
export function progressRatio(step: SignupStep): number {
  return Math.min(step, SIGNUP_TOTAL_STEPS) / SIGNUP_TOTAL_STEPS;
}

/** Which of the four dots (0-based) is current: the six steps shared out over four dots. */
export function activeDot(step: SignupStep): number {
  return Math.min(SIGNUP_DOTS - 1, Math.floor(progressRatio(step) * SIGNUP_DOTS));
}

/** Spec §6: sign-ups are open on 'all', and on 'with_trafficsource' for a visitor from a network. */
export function signupsAllowed(mode: string, network: string | null | undefined): boolean {
  return mode === 'all' || (mode === 'with_trafficsource' && Boolean(network));
}

export type ActivationPhase = 'creating' | 'sending' | 'waiting' | 'sent';

/** Spec §2: the activation screen's text changes under 4, 7 and 10 ticks, then says where the mail went. */
export function activationPhase(count: number, delivered: boolean): ActivationPhase {
  if (delivered || count >= 10) return 'sent';
  if (count < 4) return 'creating';
  if (count < 7) return 'sending';
  return 'waiting';
}

/** Polling ends once the mail server took the mail, or after the last tick. */
export function activationFinished(count: number, delivered: boolean): boolean {
  return delivered || count >= ACTIVATION_MAX_TICKS;
}
