import type { Catalogue } from '@rendezvous/contract';
import { ROUTES, routeNameFromId } from '../route-table';

/**
 * Which parts of the message catalogue a page's first HTML carries (issue 17: the whole catalogue
 * made the first HTML 51 KB). A namespace is a top-level key of `web/locales/*.json`; an entry
 * may also name one part of a namespace by its dotted path (the video lander's words in landers),
 * where the namespace's parts belong to different screens. Every page gets the shell's; a route
 * adds what its module and the modules it imports statically use (`catalogue-namespaces.test.ts`
 * walks those imports, and the lazy components a route module renders on the server, and fails
 * when one is missing here). What loads later (a lazy dialog, the next route) brings the whole
 * catalogue first (`catalogue-loader.ts`).
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
] as const;

/**
 * The words of a field's message (`components/profile-fields/messages.ts`): what the contract's
 * checks and the server's 400 `fields` name. Only a first screen with a form needs them at once;
 * elsewhere they arrive with the rest of the catalogue once the page is idle.
 */
export const FORM_NAMESPACES = ['validation', 'date_of_birth_error'] as const;

/** A lander's words: those all landers share and its own part (`landers.<part>`), not the seven others'. */
const lander = (...parts: string[]) => [
  'landers.common',
  'landers.niches',
  ...parts.map((part) => `landers.${part}`),
  'members',
];
const SIGNUP_FORM = ['home', 'profile', 'signup', ...FORM_NAMESPACES];
const CREDITS = ['credits', 'discounts', 'spending', 'signup'];

/** By route module (`ROUTES[].file`): what its first screen needs beyond the shell. */
const ROUTE_FILE_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  'routes/home.tsx': ['home'],
  'routes/login.tsx': ['profile', ...FORM_NAMESPACES],
  'routes/signup.tsx': ['home', 'profile', 'signup', ...FORM_NAMESPACES],
  'routes/chats.tsx': ['chats', 'complaints', 'credits', 'profile', 'safety', 'signup'],
  'routes/members.tsx': ['likes', 'members', 'push', 'regions', 'search', 'signup'],
  'routes/member.tsx': ['chats', 'complaints', 'likes', 'member_page', 'members', 'safety', 'signup'],
  'routes/member-chat.tsx': ['chats'],
  'routes/member-lander.tsx': [
    'home',
    'member_lander',
    'member_page',
    'members',
    'profile',
    'signup',
    ...FORM_NAMESPACES,
  ],
  // A member who chose a plan gets the checkout rendered on the server.
  'routes/premium.tsx': ['premium', 'membership', 'profile', ...CREDITS, ...FORM_NAMESPACES],
  'routes/pricing.tsx': ['credits', 'premium', 'pricing', 'signup'],
  'routes/cancel-contract.tsx': ['cancel_contract', 'profile', 'signup', ...FORM_NAMESPACES],
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
    ...FORM_NAMESPACES,
  ],
  'routes/complaints.tsx': ['complaints', 'profile', ...FORM_NAMESPACES],
  'routes/likes.tsx': ['likes', 'members', 'signup'],
  'routes/match-finder.tsx': ['match_finder', 'members', 'regions', 'signup'],
  'routes/signup-matches.tsx': ['home', 'match_finder', 'members', 'profile', 'signup', ...FORM_NAMESPACES],
  'routes/activate-done.tsx': ['activate'],
  'routes/activate-error.tsx': ['activate'],
  'routes/mail-change-do.tsx': ['email_change'],
  'routes/account-deleted.tsx': ['account_deleted'],
  'routes/reset-password.tsx': ['profile', 'reset', ...FORM_NAMESPACES],
  'routes/reset-password-do.tsx': ['profile', 'reset', ...FORM_NAMESPACES],
  'routes/credits.tsx': ['pricing', 'repeat_order', ...CREDITS],
  'routes/credits-repeat-order.tsx': ['profile', 'repeat_order', ...CREDITS, ...FORM_NAMESPACES],
  'routes/credits-checkout.tsx': ['profile', ...CREDITS, ...FORM_NAMESPACES],
  'routes/notifications.tsx': ['notifications', 'signup'],
  'routes/transaction.tsx': ['credits', 'discounts', 'premium', 'signup'],
  // The service page's contact form is rendered on the server.
  'routes/content-page.tsx': ['content', 'profile', 'service', ...FORM_NAMESPACES],
  'routes/dev/mailbox.tsx': ['dev'],
  'routes/dev/redirect-home.tsx': [],
  'routes/landers/video.tsx': [...lander('video'), ...SIGNUP_FORM],
  'routes/landers/gallery.tsx': [...lander('gallery'), ...SIGNUP_FORM],
  'routes/landers/maplanding.tsx': [...lander('map'), ...SIGNUP_FORM, 'regions'],
  'routes/landers/socialnetwork.tsx': [...lander('social'), ...SIGNUP_FORM],
  'routes/landers/alonetonight.tsx': lander('alone'),
  'routes/landers/collagelanding.tsx': lander('collage'),
  'routes/landers/iconslanding.tsx': lander('icons', 'interests'),
  'routes/landers/transitionsvideolanding.tsx': lander('transitions'),
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

/** Whether an entry a page has covers the one a screen asks for: the same, or a part of it. */
export function coversEntry(had: string, wanted: string): boolean {
  return wanted === had || wanted.startsWith(`${had}.`);
}

/**
 * The catalogue cut down to the given entries (those it has): a whole namespace, or a part of
 * one by its dotted path, kept at the same place.
 */
export function pickNamespaces(catalogue: Catalogue, entries: readonly string[]): Catalogue {
  const picked: Catalogue = {};
  for (const entry of entries) {
    const path = entry.split('.');
    let from: string | Catalogue | undefined = catalogue;
    let into = picked;
    for (const [index, key] of path.entries()) {
      from = typeof from === 'object' ? from[key] : undefined;
      if (from === undefined) break;
      if (index === path.length - 1) {
        into[key] = from;
        break;
      }
      const existing = into[key];
      // A part asked for inside a namespace already taken whole is there already.
      if (existing === from || typeof existing === 'string') break;
      into = existing ?? (into[key] = {});
    }
  }
  return picked;
}
