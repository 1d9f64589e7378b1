import { AccountScreen } from '../features/auth/components/account-screen';
import { useConsoleMe } from '../lib/console-session';

/** /console/account: one's own recovery codes and capacity. */
export default function ConsoleAccount() {
  return <AccountScreen me={useConsoleMe()} />;
}
