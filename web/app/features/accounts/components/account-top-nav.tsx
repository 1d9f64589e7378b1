import { TopNav } from '../../../components/shell/top-nav';
import { useLogout } from '../hooks/use-logout';

/** The site header with the member's log-out wired in. */
export function AccountTopNav() {
  const { logout, loggingOut } = useLogout();
  return <TopNav onLogout={() => void logout()} loggingOut={loggingOut} />;
}
