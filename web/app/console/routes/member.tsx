import { useParams } from 'react-router';
import { NotAllowed } from '../components/not-allowed';
import { MemberPage } from '../features/members/components/member-page';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/members/:id: one member's page. */
export default function ConsoleMember() {
  const me = useConsoleMe();
  const id = Number(useParams().id);
  if (!mayDo(me, 'members.read') || !Number.isInteger(id) || id <= 0) return <NotAllowed />;
  return <MemberPage key={id} id={id} me={me} />;
}
