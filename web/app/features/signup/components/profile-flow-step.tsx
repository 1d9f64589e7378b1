import type { User } from '@rendezvous/contract';
import { useEffect, useEffectEvent } from 'react';
import { StepWaiting } from './step-shell';

/**
 * Spec §2 step 6: a further sub-flow that takes the profile and says when it is done. None is
 * configured yet, so it hands the profile straight back; a site-specific flow slots in here.
 */
export function ProfileFlowStep({ user, onComplete }: { user: User; onComplete: (user: User) => void }) {
  const complete = useEffectEvent(() => onComplete(user));
  useEffect(() => {
    complete();
  }, []);
  return <StepWaiting />;
}
