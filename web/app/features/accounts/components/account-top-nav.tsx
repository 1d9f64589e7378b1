import { TopNav, type TopNavProps } from '../../../components/shell/top-nav';
import { useLogout } from '../hooks/use-logout';

/** The site header with the member's log-out wired in; the layout brings the counts. */
export function AccountTopNav({ counts }: Pick<TopNavProps, 'counts'>) {
  const { logout, loggingOut } = useLogout();
  return <TopNav onLogout={() => void logout()} loggingOut={loggingOut} counts={counts} />;
}
