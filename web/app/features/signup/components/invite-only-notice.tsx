import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { StepShell } from './step-shell';
import { NAMED_ROUTES } from '../../../route-table';

/** Spec §2/§6: shown instead of the form on a site that takes new members by invitation only. */
export function InviteOnlyNotice() {
  const { t } = useTranslation();
  return (
    <StepShell
      title={t('signup.invite_only_title')}
      intro={t('signup.invite_only_text')}
      actions={
        <ButtonLink to={NAMED_ROUTES.login} block size="lg">
          {t('signup.invite_only_login')}
        </ButtonLink>
      }
    />
  );
}
