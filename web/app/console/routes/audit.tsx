import { NotAllowed } from '../components/not-allowed';
import { AuditScreen } from '../features/audit/components/audit-screen';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** /console/audit: the audit log, for the roles that may read it. */
export default function ConsoleAudit() {
  return mayDo(useConsoleMe(), 'audit.read') ? <AuditScreen /> : <NotAllowed />;
}
