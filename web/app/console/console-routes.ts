import { layout, route, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The operator console's pages (issue 15), apart from the members' route table of spec §2: their
 * own layout and their own code under console/, loaded only when a /console page is.
 */
export const CONSOLE_ROUTES: RouteConfigEntry[] = [
  layout('console/console-layout.tsx', { id: 'console' }, [
    route('console/login', 'console/routes/login.tsx', { id: 'console-login' }),
    layout('console/routes/signed-in.tsx', { id: 'console-signed-in' }, [
      route('console', 'console/routes/home.tsx', { id: 'console-home' }),
      route('console/staff', 'console/routes/staff.tsx', { id: 'console-staff' }),
      route('console/audit', 'console/routes/audit.tsx', { id: 'console-audit' }),
      // Personas, snippets and site settings (console part 1).
      route('console/personas', 'console/routes/personas.tsx', { id: 'console-personas' }),
      route('console/personas/new', 'console/routes/persona-new.tsx', { id: 'console-persona-new' }),
      route('console/personas/:id', 'console/routes/persona.tsx', { id: 'console-persona' }),
      route('console/snippets', 'console/routes/snippets.tsx', { id: 'console-snippets' }),
      route('console/settings', 'console/routes/settings.tsx', { id: 'console-settings' }),
      route('console/account', 'console/routes/account.tsx', { id: 'console-account' }),
      // The inbox (issue 15): the queue and workspace, one conversation open in it, the supervisor's view.
      route('console/inbox', 'console/routes/inbox.tsx', { id: 'console-inbox' }),
      route('console/inbox/conversations/:conversation', 'console/routes/inbox.tsx', { id: 'console-inbox-open' }),
      route('console/inbox/supervision', 'console/routes/supervision.tsx', { id: 'console-supervision' }),
      // The moderation queue (issue 18): reports, notices and appeals, one item open beside it.
      route('console/moderation', 'console/routes/moderation.tsx', { id: 'console-moderation' }),
      route('console/moderation/items/:item', 'console/routes/moderation.tsx', { id: 'console-moderation-open' }),
      // The figures per site and day (issue 18).
      route('console/dashboard', 'console/routes/dashboard.tsx', { id: 'console-dashboard' }),
      // Each site's own settings (issue 18), one open, with their history.
      route('console/sites', 'console/routes/sites.tsx', { id: 'console-sites' }),
      route('console/sites/:site', 'console/routes/sites.tsx', { id: 'console-sites-open' }),
      // Member administration (issue 18): find a member, their page, and what waits for an admin's approval.
      route('console/members', 'console/routes/members.tsx', { id: 'console-members' }),
      route('console/members/:id', 'console/routes/member.tsx', { id: 'console-member' }),
      route('console/approvals', 'console/routes/approvals.tsx', { id: 'console-approvals' }),
    ]),
  ]),
];
