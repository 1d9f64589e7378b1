import {
  DATA_EXPORT_PATH,
  DataExportResponseSchema,
  PROFILE_VISITORS_PATH,
  ProfileVisitorsResponseSchema,
  SEARCH_VISIBILITY_PATH,
  SearchVisibilitySchema,
  SPENDING_PATH,
  SpendingResponseSchema,
  SUBSCRIPTION_PATH,
  SubscriptionResponseSchema,
  TWO_FACTOR_PATH,
  TwoFactorStatusSchema,
} from '@rendezvous/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator } from 'react-router';
import { Button } from '../components/ui/button';
import { SectionIndex } from '../components/ui/section-index';
import { DeleteAccountDialog } from '../features/accounts/components/delete-account-dialog';
import { EmailChangeForm } from '../features/accounts/components/email-change-form';
import { PasswordChangeForm } from '../features/accounts/components/password-change-form';
import { getSpending } from '../features/credits/api/spending-calls';
import { SpendingLimitSection } from '../features/credits/components/spending-limit-section';
import { MembershipSection } from '../features/credits/components/membership-section';
import { getSubscription } from '../features/credits/api/subscription-calls';
import { ProfileEditor } from '../features/profile-editor/components/profile-editor';
import {
  getDataExport,
  getProfileVisitors,
  getSearchVisibility,
  getTwoFactor,
} from '../features/privacy/api/privacy-calls';
import { DataExportSection } from '../features/privacy/components/data-export-section';
import { ProfileVisitorsSection } from '../features/privacy/components/profile-visitors-section';
import { SearchVisibilitySection } from '../features/privacy/components/search-visibility-section';
import { TwoFactorSection } from '../features/privacy/components/two-factor-section';
import { PushSettings } from '../features/push/components/push-settings';
import { BlockedMembers } from '../features/safety/components/blocked-members';
import { loadRecord } from '../lib/server-record';
import { useWebContext } from '../lib/use-web-context';
import type { Route } from './+types/profile';

/**
 * The membership, the spending limit and the privacy settings with the page, so their sections
 * are not placeholders that grow (see SpendingLimitSection).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [membership, spending, visitors, twoFactor, visibility, dataExport] = await Promise.all([
    loadRecord(context, SUBSCRIPTION_PATH, SubscriptionResponseSchema),
    loadRecord(context, SPENDING_PATH, SpendingResponseSchema),
    loadRecord(context, PROFILE_VISITORS_PATH, ProfileVisitorsResponseSchema),
    loadRecord(context, TWO_FACTOR_PATH, TwoFactorStatusSchema),
    loadRecord(context, SEARCH_VISIBILITY_PATH, SearchVisibilitySchema),
    loadRecord(context, DATA_EXPORT_PATH, DataExportResponseSchema),
  ]);
  return { membership, spending, visitors, twoFactor, visibility, dataExport };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const [membership, spending, visitors, twoFactor, visibility, dataExport] = await Promise.all([
    getSubscription(signal),
    getSpending(signal),
    getProfileVisitors(signal),
    getTwoFactor(signal),
    getSearchVisibility(signal),
    getDataExport(signal),
  ]);
  return { membership, spending, visitors, twoFactor, visibility, dataExport };
}

/** Only the first paint reads the loader's records; the sections' queries keep them current after. */
export function shouldRevalidate() {
  return false;
}

/** Spec §2 /profile: the member's own page, with everything the onboarding asked and the account matters. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, settings } = useWebContext();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [deleting, setDeleting] = useState(false);
  const page = useRef<HTMLDivElement>(null);
  if (!user) return null;

  return (
    <div ref={page} className="profile-page mx-auto max-w-2xl space-y-6">
      <h1 className="heading text-3xl">{t('profile.title')}</h1>
      <SectionIndex within={page} label={t('profile.sections_label')} />
      <ProfileEditor user={user} settings={settings} />
      <ProfileVisitorsSection cdnPrefix={settings.cdn_prefix} initial={loaderData.visitors} />
      <section className="card space-y-3 p-4 sm:p-5" aria-labelledby="profile-account">
        <h2 id="profile-account" className="heading text-xl">
          {t('profile.account_title')}
        </h2>
        <p className="break-words">
          {t('profile.email_label')} <strong translate="no">{user.email}</strong>
        </p>
        <h3 className="heading pt-2 text-lg">{t('email_change.title')}</h3>
        <EmailChangeForm />
        <h3 className="heading pt-4 text-lg">{t('password_change.title')}</h3>
        <p className="text-ink-muted">{t('password_change.intro')}</p>
        <PasswordChangeForm />
      </section>
      <TwoFactorSection initial={loaderData.twoFactor} />
      <MembershipSection initial={loaderData.membership} />
      <SpendingLimitSection initial={loaderData.spending} />
      <SearchVisibilitySection initial={loaderData.visibility} />
      <PushSettings publicKey={settings.push_pub} />
      <BlockedMembers />
      <DataExportSection initial={loaderData.dataExport} />
      <section className="card space-y-3 p-4 sm:p-5" aria-labelledby="profile-delete">
        <h2 id="profile-delete" className="heading text-xl">
          {t('profile.delete_title')}
        </h2>
        <p>{t('profile.delete_intro')}</p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t('profile.delete_button')}
        </Button>
      </section>
      {deleting ? (
        <DeleteAccountDialog
          open
          discount={settings.delete_discount}
          onClose={() => setDeleting(false)}
          onDeleted={async () => {
            await navigate('/account-deleted', { replace: true });
            await revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
