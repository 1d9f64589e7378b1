import { NotAllowed } from '../components/not-allowed';
import { PersonaScreen } from '../features/personas/components/persona-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';
import { WithSites } from './with-sites';
import type { Route } from './+types/persona';

/** /console/personas/:id: one persona's profile, photos, sheet and state. */
export default function ConsolePersona({ params }: Route.ComponentProps) {
  if (!mayDo(useConsoleMe(), 'personas.manage')) return <NotAllowed />;
  return (
    <WithSites>
      {/* Keyed by the persona, so another one's page starts with its own forms. */}
      {(sites) => <PersonaScreen key={params.id} id={Number(params.id)} sites={sites} />}
    </WithSites>
  );
}
