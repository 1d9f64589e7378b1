import type { ConsolePermission } from '@rendezvous/contract';
import { CONSOLE_HOME_PATH } from '../lib/console-session';

export interface ConsoleNavItem {
  to: string;
  /** Catalogue key of the link's text. */
  label: string;
  /** Shown only to a role with this right; the server refuses the rest anyway. */
  permission?: ConsolePermission;
  /** What the home page says the item is for. */
  description?: string;
}

/** The console's areas, in the order of the menu. */
export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { to: CONSOLE_HOME_PATH, label: 'console.nav.home' },
  {
    to: '/console/dashboard',
    label: 'console.dashboard.nav',
    permission: 'dashboard.read',
    description: 'console.dashboard.home',
  },
  {
    to: '/console/inbox',
    label: 'console.inbox.nav',
    permission: 'inbox.answer',
    description: 'console.inbox.home',
  },
  {
    to: '/console/inbox/supervision',
    label: 'console.inbox.supervision.nav',
    permission: 'inbox.supervise',
    description: 'console.inbox.supervision.home',
  },
  {
    to: '/console/moderation',
    label: 'console.moderation.nav',
    permission: 'moderation.decide',
    description: 'console.moderation.home',
  },
  {
    to: '/console/members',
    label: 'console.members.nav',
    permission: 'members.read',
    description: 'console.members.home',
  },
  {
    to: '/console/approvals',
    label: 'console.approvals.nav',
    permission: 'refunds.approve',
    description: 'console.approvals.home',
  },
  {
    to: '/console/staff',
    label: 'console.nav.staff',
    permission: 'staff.manage',
    description: 'console.home.staff',
  },
  {
    to: '/console/audit',
    label: 'console.nav.audit',
    permission: 'audit.read',
    description: 'console.home.audit',
  },
  {
    to: '/console/personas',
    label: 'console.nav.personas',
    permission: 'personas.manage',
    description: 'console.home.personas',
  },
  {
    to: '/console/snippets',
    label: 'console.nav.snippets',
    permission: 'inbox.answer',
    description: 'console.home.snippets',
  },
  {
    to: '/console/sites',
    label: 'console.sites.nav',
    permission: 'settings.manage',
    description: 'console.sites.home',
  },
  {
    to: '/console/settings',
    label: 'console.nav.settings',
    permission: 'settings.manage',
    description: 'console.home.settings',
  },
  { to: '/console/account', label: 'console.nav.account', description: 'console.home.account' },
];

/**
 * The menu item a page belongs to: the longest `to` that is the page's path or a folder of it, so
 * an area stays current on its inner pages (one conversation, one persona) while the supervision
 * page, inside the inbox's folder, belongs to itself. Home owns only itself.
 */
export function currentNavItem<Item extends ConsoleNavItem>(
  pathname: string,
  items: readonly Item[],
): Item | undefined {
  const path = pathname.replace(/\/+$/, '');
  return items
    .filter((item) => path === item.to || (item.to !== CONSOLE_HOME_PATH && path.startsWith(`${item.to}/`)))
    .reduce<Item | undefined>((best, item) => (best && best.to.length >= item.to.length ? best : item), undefined);
}
