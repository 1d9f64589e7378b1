import type { Catalogue } from '@rendezvous/contract';
import { ROUTES, routeNameFromId } from '../route-table';

/**
 * Which parts of the message catalogue a page's first HTML carries (issue 17: the whole catalogue
 * made the first HTML 51 KB). A namespace is a top-level key of `web/locales/*.json`. Every page
 * gets the shell's; a route adds what its module and the modules it imports statically use
 * (`catalogue-namespaces.test.ts` walks those imports, and the lazy components a route module
 * renders on the server, and fails when one is missing here). What
 * loads later (a lazy dialog, the next route) brings the whole catalogue first (`catalogue-loader.ts`).
 */
export const SHELL_NAMESPACES = [
  // The root, its layouts, the error page and the prompts any page may show.
  'ui',
  'nav',
  'footer',
  'languages',
  'errors',
  'app_update',
  'install',
  // The banner the open app shows when the network goes.
  'offline',
  'activate_reminder',
  'login',
  // Messages the contract's checks and the server's refusals name.
  'validation',
  'date_of_birth_error',
] as const;

const LANDER = ['landers', 'members'];
const LANDER_WITH_SIGNUP = ['home', 'landers', 'members', 'profile', 'signup'];
const CREDITS = ['credits', 'discounts', 'spending', 'signup'];

/** By route module (`ROUTES[].file`): what its first screen needs beyond the shell. */
const ROUTE_FILE_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  'routes/home.tsx': ['home'],
  'routes/login.tsx': ['profile'],
  'routes/signup.tsx': ['home', 'profile', 'signup'],
  'routes/chats.tsx': ['chats', 'complaints', 'credits', 'profile', 'safety', 'signup'],
  'routes/members.tsx': ['likes', 'members', 'push', 'regions', 'search', 'signup'],
  'routes/member.tsx': ['chats', 'complaints', 'likes', 'member_page', 'members', 'safety', 'signup'],
  'routes/member-chat.tsx': ['chats'],
  'routes/member-lander.tsx': ['home', 'member_lander', 'member_page', 'members', 'profile', 'signup'],
  // A member who chose a plan gets the checkout rendered on the server.
  'routes/premium.tsx': ['premium', 'membership', 'profile', ...CREDITS],
  'routes/pricing.tsx': ['credits', 'premium', 'pricing', 'signup'],
  'routes/cancel-contract.tsx': ['cancel_contract', 'profile', 'signup'],
  'routes/profile.tsx': [
    'delete',
    'email_change',
    'membership',
    'password_change',
    'privacy',
    'profile',
    'profile_edit',
    'push',
    'regions',
    'safety',
    'signup',
    'spending',
  ],
  'routes/complaints.tsx': ['complaints', 'profile'],
  'routes/likes.tsx': ['likes', 'members', 'signup'],
  'routes/match-finder.tsx': ['match_finder', 'members', 'regions', 'signup'],
  'routes/signup-matches.tsx': ['home', 'match_finder', 'members', 'profile', 'signup'],
  'routes/activate-done.tsx': ['activate'],
  'routes/activate-error.tsx': ['activate'],
  'routes/mail-change-do.tsx': ['email_change'],
  'routes/account-deleted.tsx': ['account_deleted'],
  'routes/reset-password.tsx': ['profile', 'reset'],
  'routes/reset-password-do.tsx': ['profile', 'reset'],
  'routes/credits.tsx': ['pricing', 'repeat_order', ...CREDITS],
  'routes/credits-repeat-order.tsx': ['profile', 'repeat_order', ...CREDITS],
  'routes/credits-checkout.tsx': ['profile', ...CREDITS],
  'routes/notifications.tsx': ['notifications', 'signup'],
  'routes/transaction.tsx': ['credits', 'discounts', 'premium', 'signup'],
  // The service page's contact form is rendered on the server.
  'routes/content-page.tsx': ['content', 'profile', 'service'],
  'routes/dev/mailbox.tsx': ['dev'],
  'routes/dev/redirect-home.tsx': [],
  'routes/landers/video.tsx': LANDER_WITH_SIGNUP,
  'routes/landers/gallery.tsx': LANDER_WITH_SIGNUP,
  'routes/landers/maplanding.tsx': [...LANDER_WITH_SIGNUP, 'regions'],
  'routes/landers/socialnetwork.tsx': LANDER_WITH_SIGNUP,
  'routes/landers/alonetonight.tsx': LANDER,
  'routes/landers/collagelanding.tsx': LANDER,
  'routes/landers/iconslanding.tsx': LANDER,
  'routes/landers/transitionsvideolanding.tsx': LANDER,
};

/** The operator console's words; its pages are sent the whole catalogue, as before issue 17. */
export const CONSOLE_NAMESPACE = 'console';

export function namespacesForRouteFile(file: string): readonly string[] | undefined {
  return ROUTE_FILE_NAMESPACES[file];
}

/**
 * The namespaces a route's first screen needs, by its React Router id (aliases included). A
 * route outside the member-facing table (the console's, the not-found page) needs the shell, and
 * the console its own namespace.
 */
export function namespacesForRoute(routeId: string): readonly string[] {
  const name = routeNameFromId(routeId);
  const entry = ROUTES.find((candidate) => candidate.name === name);
  const own = entry ? (ROUTE_FILE_NAMESPACES[entry.file] ?? []) : name.startsWith('console') ? [CONSOLE_NAMESPACE] : [];
  return [...new Set([...SHELL_NAMESPACES, ...own])];
}

/** The catalogue cut down to the given namespaces (those it has). */
export function pickNamespaces(catalogue: Catalogue, namespaces: readonly string[]): Catalogue {
  return Object.fromEntries(namespaces.filter((name) => name in catalogue).map((name) => [name, catalogue[name]!]));
}
