import { NotAllowed } from '../components/not-allowed';
import { DashboardScreen } from '../features/dashboard/components/dashboard-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';
import { WithSites } from './with-sites';

/** /console/dashboard: the figures per site and day; site and dates are in the address, to share a view. */
export default function ConsoleDashboard() {
  if (!mayDo(useConsoleMe(), 'dashboard.read')) return <NotAllowed />;
  return <WithSites>{(sites) => <DashboardScreen sites={sites} />}</WithSites>;
}
