import { NotAllowed } from '../components/not-allowed';
import { StaffScreen } from '../features/staff/components/staff-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/staff: staff accounts, for the roles that manage them. */
export default function ConsoleStaff() {
  const me = useConsoleMe();
  return mayDo(me, 'staff.manage') ? <StaffScreen me={me} /> : <NotAllowed />;
}
