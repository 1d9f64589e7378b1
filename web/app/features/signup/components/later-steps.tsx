import type { User } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { STEP, type SignupStep } from '../lib/signup-steps';
import { AboutStep } from './about-step';
import { ActivationProgress } from './activation-progress';
import { ConfirmStep, type FinishTo } from './confirm-step';
import { LocationStep } from './location-step';
import { PersonalStep } from './personal-step';
import { PhotoStep } from './photo-step';
import { ProfileFlowStep } from './profile-flow-step';
import { PushStep } from './push-step';
import type { PageSettings } from '../../../lib/web-context';

export interface LaterStepProps {
  step: SignupStep;
  user: User;
  settings: PageSettings;
  onDone: (updated?: User) => void;
  focusTitle: boolean;
  top: ReactNode;
  onClose?: () => void;
  finishTo?: FinishTo;
}

/** Every step after the account (spec §2 steps 1 to 7): one module, so they load together once an account exists. */
export function LaterStep({ step, user, settings, onDone, focusTitle, top, onClose, finishTo }: LaterStepProps) {
  const stepProps = { onDone, focusTitle, top };
  switch (step) {
    case STEP.push:
      return <PushStep publicKey={settings.push_pub} {...stepProps} />;
    case STEP.photo:
      return <PhotoStep user={user} {...stepProps} />;
    case STEP.location:
      return <LocationStep user={user} settings={settings} {...stepProps} />;
    case STEP.personal:
      return <PersonalStep user={user} settings={settings} {...stepProps} />;
    case STEP.about:
      return <AboutStep user={user} settings={settings} {...stepProps} />;
    case STEP.profileFlow:
      return <ProfileFlowStep user={user} onComplete={onDone} />;
    default:
      return <ConfirmStep user={user} onClose={onClose} finishTo={finishTo} focusTitle={focusTitle} />;
  }
}

export { ActivationProgress };
