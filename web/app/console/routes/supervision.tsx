import { NotAllowed } from '../components/not-allowed';
import { SupervisionScreen } from '../features/inbox/components/supervision-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/inbox/supervision: operators, queues and every open claim, for supervisors. */
export default function ConsoleSupervision() {
  const me = useConsoleMe();
  return mayDo(me, 'inbox.supervise') ? <SupervisionScreen me={me} /> : <NotAllowed />;
}
