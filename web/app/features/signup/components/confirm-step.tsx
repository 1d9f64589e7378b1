import type { User } from '@rendezvous/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { StepShell } from './step-shell';
import { NAMED_ROUTES } from '../../../route-table';

/** Fired on window when the sign-up flow reaches its last step (spec §2 step 7). */
export const SIGNUP_FLOW_COMPLETE_EVENT = 'signup:flow-complete';

/** Where the finished sign-up leads, and what its button says. */
export interface FinishTo {
  path: string;
  label: string;
}

export interface ConfirmStepProps {
  user: User;
  /** Shows the button to the members area; called when it is used (the sign-up is closed). */
  onClose?: () => void;
  showMembersButton?: boolean;
  /** Replaces the members area as the button's destination. */
  finishTo?: FinishTo;
  focusTitle?: boolean;
}

/** Spec §2 step 7: confirm the address from the mail, look in the spam box, or correct the address. */
export function ConfirmStep({ user, onClose, showMembersButton = true, finishTo, focusTitle }: ConfirmStepProps) {
  const { t } = useTranslation();
  const fired = useRef(false);

  useEffect(() => {
    // Once per flow, also when development mode runs effects twice.
    if (fired.current) return;
    fired.current = true;
    window.dispatchEvent(new CustomEvent(SIGNUP_FLOW_COMPLETE_EVENT, { detail: { profileId: user.profile.id } }));
  }, [user.profile.id]);

  let members: ReactNode = null;
  if (showMembersButton) {
    members = (
      <ButtonLink to={finishTo?.path ?? NAMED_ROUTES.members} block size="lg" onClick={() => onClose?.()}>
        {finishTo?.label ?? t('signup.confirm_to_members')}
      </ButtonLink>
    );
  }

  return (
    <StepShell title={t('signup.confirm_title')} focusTitle={focusTitle} actions={members}>
      <div className="space-y-3">
        <p>{t('signup.confirm_sent_to')}</p>
        {/* Long addresses wrap anywhere rather than widen a 360 px screen. */}
        <p className="text-lg font-bold break-all">{user.email}</p>
        <p>{t('signup.confirm_instructions')}</p>
        <p>{t('signup.confirm_spam')}</p>
        <p>
          {t('signup.confirm_wrong_address')}{' '}
          <Link className="text-link font-semibold" to="/profile" onClick={() => onClose?.()}>
            {t('signup.confirm_change_email')}
          </Link>
        </p>
      </div>
    </StepShell>
  );
}
