import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { Button } from '../../components/ui/button';
import type { LanderData } from '../../features/landers/api/load-lander';
import { useLanderVisit } from '../../features/landers/hooks/use-lander-visit';
import { SignupForm } from '../../features/signup/components/signup-form';
import { readTrafficSource, trafficSourceFromSearch } from '../../features/signup/lib/traffic-source';

/*
 * What the eight lander routes (spec §2 /landers/{name}/{slug...}) share: each route module loads
 * its lander's data and composes the lander with the sign-up (form or call) from here.
 */

/** Paid-traffic pages are not for search engines: in the page, and in a header for those reading no HTML. */
export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'X-Robots-Tag': 'noindex' };
}

/** The showcase stays as loaded; only another slug is another page (the sign-up revalidates the root alone). */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams['*'] !== nextParams['*'];
}

/**
 * The network of the visit's traffic source: still in the address on arrival (the root takes
 * it out after the page's own effects ran), else the one stored by an earlier visit.
 */
function networkOnArrival(): string | null {
  return trafficSourceFromSearch(window.location.search)?.network ?? readTrafficSource()?.network ?? null;
}

export function useLanderVisitBeacon(data: LanderData): void {
  useLanderVisit(data.lander, data.slug, networkOnArrival);
}

/** Lander layout: the sign-up form on the page, where every "sign up" link of the lander points. */
export function LanderSignupForm() {
  const { t } = useTranslation();
  return (
    <section
      id="signup"
      className="card mx-auto w-full max-w-md scroll-mt-4 px-4 py-6 sm:px-6"
      aria-labelledby="lander-signup-title"
    >
      <h2 id="lander-signup-title" className="heading text-2xl">
        {t('landers.common.form_title')}
      </h2>
      <p className="mt-1 mb-4 text-ink-muted">{t('landers.common.cta_note')}</p>
      <SignupForm showTitle={false} />
    </section>
  );
}

// The modal and the whole form load when the visitor asks for them, not with the page.
const loadSignupModal = () =>
  import('../../features/signup/components/signup-modal').then((module) => ({ default: module.SignupModal }));
const SignupModal = lazy(loadSignupModal);

/**
 * Empty layout: the lander's call to sign up, opening the form in a modal on the lander itself,
 * so the sign-up still names this lander as its page (form_path).
 */
export function LanderSignupCall({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const warmUp = () => void loadSignupModal();
  return (
    <div className={onDark ? 'text-white' : ''}>
      <Button
        size="lg"
        block
        onClick={() => setOpen(true)}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        onTouchStart={warmUp}
      >
        {t('landers.common.cta')}
      </Button>
      <p className="mt-2 text-center text-sm">{t('landers.common.cta_note')}</p>
      {open ? (
        <Suspense fallback={null}>
          <SignupModal open onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
