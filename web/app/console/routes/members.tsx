import { NotAllowed } from '../components/not-allowed';
import { MembersScreen } from '../features/members/components/members-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/members: find a member. */
export default function ConsoleMembers() {
  return mayDo(useConsoleMe(), 'members.read') ? <MembersScreen /> : <NotAllowed />;
}
