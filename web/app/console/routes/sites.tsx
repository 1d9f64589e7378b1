import { useParams } from 'react-router';
import { NotAllowed } from '../components/not-allowed';
import { SiteConfigScreen } from '../features/sites/components/site-config-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';
import { WithSites } from './with-sites';

/** /console/sites and /console/sites/:site: each site's own settings, one open, with their history. */
export default function ConsoleSites() {
  const open = Number(useParams().site);
  if (!mayDo(useConsoleMe(), 'settings.manage')) return <NotAllowed />;
  return <WithSites>{(sites) => <SiteConfigScreen sites={sites} openId={open > 0 ? open : undefined} />}</WithSites>;
}
