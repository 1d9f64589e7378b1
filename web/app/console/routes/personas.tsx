import { NotAllowed } from '../components/not-allowed';
import { PersonasScreen } from '../features/personas/components/personas-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';
import { WithSites } from './with-sites';

/** /console/personas: the fictional profiles, for the roles that manage them. */
export default function ConsolePersonas() {
  if (!mayDo(useConsoleMe(), 'personas.manage')) return <NotAllowed />;
  return <WithSites>{(sites) => <PersonasScreen sites={sites} />}</WithSites>;
}
