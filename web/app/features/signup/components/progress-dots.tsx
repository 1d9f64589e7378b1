import { useTranslation } from 'react-i18next';
import { SIGNUP_DOTS, activeDot, progressRatio, type SignupStep } from '../lib/signup-steps';

/** Spec §2/§9: four dots over the six steps; done dots filled, the current one wider. */
export function ProgressDots({ step }: { step: SignupStep }) {
  const { t } = useTranslation();
  const current = activeDot(step);
  const label = t('signup.progress', { current: current + 1, total: SIGNUP_DOTS });
  return (
    <div
      className="signup-dots flex items-center justify-center gap-2"
      role="progressbar"
      aria-label={t('signup.progress_label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progressRatio(step) * 100)}
      aria-valuetext={label}
    >
      {Array.from({ length: SIGNUP_DOTS }, (_, dot) => (
        <span
          key={dot}
          aria-hidden="true"
          className={[
            'block h-2.5 rounded-full transition-all',
            dot === current ? 'w-7 bg-brand' : 'w-2.5',
            dot < current ? 'bg-brand' : dot > current ? 'bg-line' : '',
          ]
            .filter(Boolean)
            .join(' ')}
        />
      ))}
    </div>
  );
}
