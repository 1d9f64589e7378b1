import { Outlet } from 'react-router';
import { Footer } from '../components/shell/footer';
import { AccountTopNav } from '../features/accounts/components/account-top-nav';
import { useBadgeCounts } from '../features/badge/components/badge-provider';
import { ActivationBanner } from '../features/accounts/components/activation-banner';

export default function DefaultLayout() {
  return (
    <div className="layout-default flex min-h-dvh flex-col">
      <AccountTopNav counts={useBadgeCounts()} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
        <ActivationBanner />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
