import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LazySignupModal, loadSignupModal } from '../../features/signup/components/lazy-signup-modal';

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
          <LazySignupModal open onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
