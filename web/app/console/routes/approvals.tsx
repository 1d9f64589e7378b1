import { NotAllowed } from '../components/not-allowed';
import { ApprovalsScreen } from '../features/members/components/approvals-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/approvals: what waits for an admin's approval. */
export default function ConsoleApprovals() {
  return mayDo(useConsoleMe(), 'refunds.approve') ? <ApprovalsScreen /> : <NotAllowed />;
}
