import { NotAllowed } from '../components/not-allowed';
import { SettingsScreen } from '../features/settings/components/settings-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';
import { WithSites } from './with-sites';

/** /console/settings: each site's answer-time target and claim idle time. */
export default function ConsoleSettings() {
  if (!mayDo(useConsoleMe(), 'settings.manage')) return <NotAllowed />;
  return <WithSites>{(sites) => <SettingsScreen sites={sites} />}</WithSites>;
}
