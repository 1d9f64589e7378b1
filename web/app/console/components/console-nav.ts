import type { ConsolePermission } from '@rendezvous/contract';

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
  { to: '/console', label: 'console.nav.home' },
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
    to: '/console/settings',
    label: 'console.nav.settings',
    permission: 'settings.manage',
    description: 'console.home.settings',
  },
  { to: '/console/account', label: 'console.nav.account', description: 'console.home.account' },
];
