import { useParams } from 'react-router';
import { NotAllowed } from '../components/not-allowed';
import { ModerationScreen } from '../features/moderation/components/moderation-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/moderation and /console/moderation/items/:item: the queue and the item open beside it. */
export default function ConsoleModeration() {
  const me = useConsoleMe();
  const open = Number(useParams().item);
  if (!mayDo(me, 'moderation.decide')) return <NotAllowed />;
  return (
    <ModerationScreen
      me={me}
      open={Number.isInteger(open) && open > 0 ? open : null}
      lifts={mayDo(me, 'moderation.lift')}
    />
  );
}
