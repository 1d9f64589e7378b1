import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_MAX_TICKS,
  ACTIVATION_TICK_MS,
  GEOLOCATION_CACHE_MS,
  SIGNUP_DOTS,
  SIGNUP_TOTAL_STEPS,
  STEP,
  activationFinished,
  activationPhase,
  activeDot,
  firstStepForMember,
  isPushUnavailable,
  nextStep,
  progressRatio,
  signupsAllowed,
  stepAfterSignup,
  type ProfileProgress,
  type PushState,
  type SignupStep,
} from './signup-steps';
import { isPushOffered } from '../../../lib/push';

const subscription = { endpoint: 'https://push.example/abc', keys: { p256dh: 'p', auth: 'a' } };
const image = { id: 1, filename: 'a.jpg', thumb_filename: 'a-thumb.jpg' };
const blank: ProfileProgress = {
  main_image: null,
  countryregion: null,
  city: null,
  gender: null,
  date_of_birth: null,
  personal: {},
};

describe('spec §9 constants', () => {
  it('are named once with the spec values', () => {
    expect(ACTIVATION_TICK_MS).toBe(900);
    expect(ACTIVATION_MAX_TICKS).toBe(20);
    expect(SIGNUP_TOTAL_STEPS).toBe(6);
    expect(SIGNUP_DOTS).toBe(4);
    expect(GEOLOCATION_CACHE_MS).toBe(60 * 60 * 1000);
  });
});

describe('stepAfterSignup (spec §4, right after the account exists)', () => {
  it('goes to the push step when push is supported and not answered yet', () => {
    expect(stepAfterSignup({ capable: true, subscribed: false })).toEqual({ step: STEP.push, register: null });
  });

  it('registers an existing subscription and jumps two steps ahead', () => {
    expect(stepAfterSignup({ capable: true, subscribed: subscription })).toEqual({
      step: STEP.photo,
      register: subscription,
    });
  });

  it('respects a refusal and jumps two steps ahead', () => {
    expect(stepAfterSignup({ capable: true, subscribed: 'denied' })).toEqual({ step: STEP.photo, register: null });
  });

  it('jumps two steps ahead without push support', () => {
    expect(stepAfterSignup({ capable: false, subscribed: null })).toEqual({ step: STEP.photo, register: null });
  });

  it('opens the push step while support is unknown, which then decides for itself', () => {
    expect(stepAfterSignup({ capable: null, subscribed: null }).step).toBe(STEP.push);
  });
});

describe('push step rules', () => {
  const cases: [PushState, boolean, boolean][] = [
    [{ capable: true, subscribed: false }, true, false],
    [{ capable: true, subscribed: subscription }, false, false],
    [{ capable: true, subscribed: 'denied' }, false, true],
    [{ capable: false, subscribed: null }, false, true],
    [{ capable: null, subscribed: null }, false, false],
  ];
  it.each(cases)('%j: offered %s, unavailable %s', (push, offered, unavailable) => {
    expect(isPushOffered(push)).toBe(offered);
    expect(isPushUnavailable(push)).toBe(unavailable);
  });
});

describe('firstStepForMember (spec §4, a logged-in member entering the form)', () => {
  it('starts at the photo step: the push question belongs to a sign-up just made', () => {
    expect(firstStepForMember(blank)).toBe(STEP.photo);
  });

  it('starts at the location step when a main photo exists', () => {
    expect(firstStepForMember({ ...blank, main_image: image })).toBe(STEP.location);
  });

  it('skips to the personal step when a region or a town is known, photo or not', () => {
    expect(firstStepForMember({ ...blank, countryregion: 12 })).toBe(STEP.personal);
    expect(firstStepForMember({ ...blank, city: 'Utrecht' })).toBe(STEP.personal);
    expect(firstStepForMember({ ...blank, main_image: image, countryregion: 12 })).toBe(STEP.personal);
  });

  it('skips to the about-me step when gender or birth date is known', () => {
    expect(firstStepForMember({ ...blank, gender: 'female' })).toBe(STEP.about);
    expect(firstStepForMember({ ...blank, date_of_birth: '1960-04-02' })).toBe(STEP.about);
    expect(firstStepForMember({ ...blank, main_image: image, city: 'Utrecht', gender: 'male' })).toBe(STEP.about);
  });

  it('skips to the profile flow when personal answers exist', () => {
    expect(firstStepForMember({ ...blank, personal: { about_me: 'Keen walker' } })).toBe(STEP.profileFlow);
    const answered = { ...blank, main_image: image, city: 'Utrecht', gender: 'male' as const };
    expect(firstStepForMember({ ...answered, personal: { about_me: 'Keen walker' } })).toBe(STEP.profileFlow);
  });

  it('picks up after the furthest answer, never sending a member back over steps already passed', () => {
    // Left without a photo or a birth date, but with a town and about-me text: only the profile flow is left.
    expect(firstStepForMember({ ...blank, city: 'Utrecht', personal: { about_me: 'Keen walker' } })).toBe(
      STEP.profileFlow,
    );
    // Empty answers count as unanswered.
    expect(firstStepForMember({ ...blank, city: null, countryregion: null, personal: {} })).toBe(STEP.photo);
  });
});

describe('moving through the steps', () => {
  it('advances exactly one step per skip or save and never past step 7', () => {
    expect(nextStep(STEP.push)).toBe(STEP.photo);
    expect(nextStep(STEP.about)).toBe(STEP.profileFlow);
    expect(nextStep(STEP.profileFlow)).toBe(STEP.confirm);
    expect(nextStep(STEP.confirm)).toBe(STEP.confirm);
  });

  it('reports progress over six steps and shares them out over four dots', () => {
    expect(progressRatio(STEP.account)).toBe(0);
    expect(progressRatio(STEP.location)).toBe(0.5);
    expect(progressRatio(STEP.profileFlow)).toBe(1);
    expect(progressRatio(STEP.confirm)).toBe(1);
    const dots = ([0, 1, 2, 3, 4, 5, 6] as SignupStep[]).map(activeDot);
    expect(dots).toEqual([0, 0, 1, 2, 2, 3, 3]);
  });
});

describe('signupsAllowed (spec §6)', () => {
  it('is open on all, on with_trafficsource only with a network, and closed otherwise', () => {
    expect(signupsAllowed('all', null)).toBe(true);
    expect(signupsAllowed('with_trafficsource', 'adnet')).toBe(true);
    expect(signupsAllowed('with_trafficsource', null)).toBe(false);
    expect(signupsAllowed('with_trafficsource', '')).toBe(false);
    expect(signupsAllowed('other', 'adnet')).toBe(false);
  });
});

describe('activation progress (spec §2)', () => {
  it('changes its text under 4, 7 and 10 ticks, then shows the final text', () => {
    expect([0, 3, 4, 6, 7, 9, 10, 19].map((count) => activationPhase(count, false))).toEqual([
      'creating',
      'creating',
      'sending',
      'sending',
      'waiting',
      'waiting',
      'sent',
      'sent',
    ]);
  });

  it('shows the final text and stops as soon as the mail was delivered', () => {
    expect(activationPhase(1, true)).toBe('sent');
    expect(activationFinished(1, true)).toBe(true);
  });

  it('stops after the last tick even without delivery', () => {
    expect(activationFinished(ACTIVATION_MAX_TICKS - 1, false)).toBe(false);
    expect(activationFinished(ACTIVATION_MAX_TICKS, false)).toBe(true);
  });
});
