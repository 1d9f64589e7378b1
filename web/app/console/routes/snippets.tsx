import { NotAllowed } from '../components/not-allowed';
import { personasQueryOptions } from '../features/personas/api/persona-calls';
import { SnippetsScreen } from '../features/snippets/components/snippets-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';
import { WithSites } from './with-sites';

/**
 * /console/snippets: one's own snippets for everyone who answers; a site's or a persona's for
 * those who manage them, who choose the persona from the personas list.
 */
export default function ConsoleSnippets() {
  const me = useConsoleMe();
  if (!mayDo(me, 'inbox.answer')) return <NotAllowed />;
  if (!mayDo(me, 'snippets.manage') || !mayDo(me, 'personas.manage')) return <SnippetsScreen shared={null} />;
  return (
    <WithSites>
      {(sites) => (
        <SnippetsScreen shared={{ sites, findPersonas: (name) => personasQueryOptions({ q: name || undefined }) }} />
      )}
    </WithSites>
  );
}
