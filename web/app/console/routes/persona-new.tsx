import { NotAllowed } from '../components/not-allowed';
import { PersonaCreateScreen } from '../features/personas/components/persona-create-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';
import { WithSites } from './with-sites';

/** /console/personas/new: a new persona on a site. */
export default function ConsolePersonaNew() {
  if (!mayDo(useConsoleMe(), 'personas.manage')) return <NotAllowed />;
  return <WithSites>{(sites) => <PersonaCreateScreen sites={sites} />}</WithSites>;
}
