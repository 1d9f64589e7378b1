import { useParams } from 'react-router';
import { NotAllowed } from '../components/not-allowed';
import { InboxScreen } from '../features/inbox/components/inbox-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/inbox and /console/inbox/conversations/:conversation: the queue and the workspace. */
export default function ConsoleInbox() {
  const me = useConsoleMe();
  const open = Number(useParams().conversation);
  if (!mayDo(me, 'inbox.answer')) return <NotAllowed />;
  return (
    <InboxScreen
      me={me}
      open={Number.isInteger(open) && open > 0 ? open : null}
      supervises={mayDo(me, 'inbox.supervise')}
    />
  );
}
