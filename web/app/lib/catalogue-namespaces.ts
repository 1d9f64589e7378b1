import { VALIDATION, type Catalogue } from '@rendezvous/contract';
import type { NicheKey } from './niche';
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
  // The banner the open app shows when the network goes (the offline page has its words built in).
  'offline.title',
  'offline.banner',
  // What any call of the app says when it is refused for asking too often.
  'login.rate_limited',
] as const;

/** The shell's parts only a logged-in member is shown: the app's install button, the activation reminder. */
const MEMBER_SHELL = ['install', 'activate_reminder'];

/**
 * Rules only the operator console's forms check (a reply snippet, a site's domain). The console's
 * pages get the whole catalogue, so members' pages leave their words out.
 */
export const CONSOLE_ONLY_RULES: readonly string[] = [
  VALIDATION.snippetShortcut,
  VALIDATION.snippetVariable,
  'validation.domain_taken',
];

/**
 * The words of a field's message (`components/profile-fields/messages.ts`): what the contract's
 * checks and the server's 400 `fields` name, the words for a field by its label, and the two rules
 * worded in `signup`. A link's expired token is worded by the page that opens the link, not as a
 * field's message. Only a first screen with a form needs them at once; elsewhere they arrive with
 * the rest of the catalogue once the page is idle.
 */
const FIELD_RULE_MESSAGES = [
  'validation.named',
  ...Object.values(VALIDATION).filter((rule) => rule !== VALIDATION.linkInvalid && !CONSOLE_ONLY_RULES.includes(rule)),
];
/** A first screen's form messages, with the words of every field by its name (`validation.fields`). */
export const FORM_NAMESPACES = [...FIELD_RULE_MESSAGES, 'validation.fields'];
/**
 * A form's messages with the words of its own fields only, for a first screen that must stay small
 * (the landers'): any other field's message names it by its label.
 */
const formMessagesFor = (...fields: string[]) => [
  ...FIELD_RULE_MESSAGES,
  ...fields.map((field) => `validation.fields.${field}`),
];

/** A profile's facts as any card or page shows them: each field's name, its values and notes. */
const PROFILE_FACTS = ['signup.field_*', 'signup.value_*', 'signup.note_*'];

/**
 * The sign-up form's first step, the account (the later steps load with the whole catalogue when
 * the visitor asks for one; a member who comes back mid-way gets `SIGNUP_LATER_STEPS` too).
 */
const SIGNUP_ACCOUNT_STEP = [
  'signup.title*',
  'signup.intro',
  'signup.email*',
  'signup.name*',
  'signup.password*',
  'signup.show_password',
  'signup.submit',
  'signup.have_account',
  'signup.login',
  'signup.legal_agree',
  'signup.one_moment',
  'signup.failed',
  'signup.signups_closed',
  'signup.rate_limited',
  'signup.invite_only_*',
  'signup.progress*',
  ...formMessagesFor('email', 'name', 'password'),
];
/**
 * Region names, keyed by ISO 3166-2 code (`NL-DR`). A route that lists them has a region field on
 * its first screen: its page gets the site's regions with their names in its language
 * (`page-web-context.ts`), and then needs none of the catalogue's (`regionNamesInData`).
 */
const REGIONS = 'regions';
/** The member cards' words (`profile-card.tsx`). */
const MEMBER_CARDS = 'members';
const CHATS = 'chats';
/** The credits screens' words: the packages, the country a member pays from, the ledger and orders. */
const CREDITS_SCREENS = 'credits';
/** What the steps after the account show: a logged-in member's sign-up form starts at one of them. */
const SIGNUP_LATER_STEPS = ['signup', REGIONS, 'validation.fields'];

/** Every niche's title, lead and people: a lander shows its own niche's only (`RouteCatalogueOptions.niche`). */
const LANDER_NICHES = 'landers.niches';

/** A lander's words: those all landers share and its own part (`landers.<part>`), not the seven others'. */
const lander = (...parts: string[]) => [
  'landers.common',
  LANDER_NICHES,
  ...parts.map((part) => `landers.${part}`),
  'members.fictional_title',
];
const CREDITS = [CREDITS_SCREENS, 'discounts', 'spending', ...PROFILE_FACTS];
/** The block and report menu on a profile or conversation; the report dialog loads with the whole catalogue. */
const SAFETY_MENU = ['safety.actions', 'safety.block*', 'safety.report', 'safety.cancel', 'complaints.menu_link'];

/** By route module (`ROUTES[].file`): what its first screen needs beyond the shell. */
const ROUTE_FILE_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  'routes/home.tsx': ['home'],
  'routes/login.tsx': ['login', ...FORM_NAMESPACES],
  'routes/signup.tsx': ['signup.page_title', ...SIGNUP_ACCOUNT_STEP],
  'routes/chats.tsx': ['chats', 'credits.message_cost', 'credits.balance_short', ...SAFETY_MENU, ...PROFILE_FACTS],
  'routes/members.tsx': [
    'likes.like',
    'likes.unlike',
    'members',
    'push.prompt_*',
    'push.failed',
    'push.turn_on',
    'regions',
    'search',
    ...PROFILE_FACTS,
  ],
  'routes/member.tsx': [
    'chats.start_failed*',
    'likes.back',
    'likes.like',
    'likes.unlike',
    'member_page',
    'members',
    'signup.gender_*',
    ...SAFETY_MENU,
    ...PROFILE_FACTS,
  ],
  'routes/member-chat.tsx': ['chats'],
  'routes/member-lander.tsx': [
    'member_lander',
    'member_page',
    'members.fictional_title',
    'signup.gender_*',
    'signup.modal_title',
    ...SIGNUP_ACCOUNT_STEP,
    ...PROFILE_FACTS,
  ],
  // A member who chose a plan gets the checkout rendered on the server.
  'routes/premium.tsx': ['premium', 'membership', ...CREDITS, ...FORM_NAMESPACES],
  'routes/pricing.tsx': ['credits', 'premium', 'pricing', ...PROFILE_FACTS],
  'routes/cancel-contract.tsx': ['cancel_contract', ...PROFILE_FACTS, ...FORM_NAMESPACES],
  'routes/profile.tsx': [
    'delete',
    'email_change',
    'login.unavailable',
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
  'routes/complaints.tsx': ['complaints', ...FORM_NAMESPACES],
  'routes/likes.tsx': ['likes', 'members', ...PROFILE_FACTS],
  'routes/match-finder.tsx': ['match_finder', 'members', 'regions', ...PROFILE_FACTS],
  'routes/signup-matches.tsx': ['match_finder', 'members', ...SIGNUP_ACCOUNT_STEP, ...PROFILE_FACTS],
  'routes/activate-done.tsx': ['activate', 'login.submit'],
  'routes/activate-error.tsx': ['activate', 'login.submit'],
  'routes/mail-change-do.tsx': ['email_change'],
  'routes/account-deleted.tsx': ['account_deleted'],
  'routes/reset-password.tsx': ['login', 'reset', ...FORM_NAMESPACES],
  'routes/reset-password-do.tsx': ['login', 'reset', ...FORM_NAMESPACES],
  'routes/credits.tsx': ['pricing', 'repeat_order', ...CREDITS],
  'routes/credits-repeat-order.tsx': ['repeat_order', ...CREDITS, ...FORM_NAMESPACES],
  'routes/credits-checkout.tsx': [...CREDITS, ...FORM_NAMESPACES],
  'routes/notifications.tsx': ['notifications', ...PROFILE_FACTS],
  'routes/transaction.tsx': ['credits', 'discounts', 'premium', ...PROFILE_FACTS],
  // The service page's contact form is rendered on the server.
  'routes/content-page.tsx': ['content', 'service', ...FORM_NAMESPACES],
  'routes/dev/mailbox.tsx': ['dev'],
  'routes/dev/redirect-home.tsx': [],
  'routes/landers/video.tsx': [...lander('video'), ...SIGNUP_ACCOUNT_STEP],
  'routes/landers/gallery.tsx': [...lander('gallery'), ...SIGNUP_ACCOUNT_STEP],
  'routes/landers/maplanding.tsx': [...lander('map'), ...SIGNUP_ACCOUNT_STEP, ...PROFILE_FACTS, 'regions'],
  'routes/landers/socialnetwork.tsx': [...lander('social'), ...SIGNUP_ACCOUNT_STEP],
  'routes/landers/alonetonight.tsx': lander('alone'),
  'routes/landers/collagelanding.tsx': lander('collage'),
  'routes/landers/iconslanding.tsx': lander('icons', 'interests'),
  'routes/landers/transitionsvideolanding.tsx': lander('transitions'),
};

/**
 * Routes whose first screen is the sign-up form for members too: it starts them at their next
 * step. In the browser that step waits for the whole catalogue; the server renders it at once.
 */
const SIGNUP_FORM_FOR_MEMBERS = new Set([
  'routes/signup.tsx',
  'routes/landers/video.tsx',
  'routes/landers/gallery.tsx',
  'routes/landers/maplanding.tsx',
  'routes/landers/socialnetwork.tsx',
]);

/** The operator console's words; its pages are sent the whole catalogue, as before issue 17. */
export const CONSOLE_NAMESPACE = 'console';

export function namespacesForRouteFile(file: string): readonly string[] | undefined {
  return ROUTE_FILE_NAMESPACES[file];
}

export interface RouteCatalogueOptions {
  /** A logged-in member's page: with the member's shell, and the sign-up form's later steps where it starts a page. */
  loggedIn?: boolean;
  /** The page has the site's regions named in its language (`settings.region_data`): no region names from the catalogue. */
  regionNamesInData?: boolean;
  /** A lander's niche (`lib/niche.ts`): the page carries that niche's words, not all seven's. */
  niche?: NicheKey;
}

/**
 * The catalogue entries a route's first screen needs, by its React Router id (aliases included).
 * A route outside the member-facing table (the console's, the not-found page) needs the shell, and
 * the console its own namespace.
 */
export function namespacesForRoute(
  routeId: string,
  { loggedIn = false, regionNamesInData = false, niche }: RouteCatalogueOptions = {},
): readonly string[] {
  const entries = routeEntries(routeId, loggedIn).flatMap((wanted) => {
    if (wanted === REGIONS && regionNamesInData) return [];
    if (wanted === LANDER_NICHES && niche) return [`${LANDER_NICHES}.${niche}`];
    return [wanted];
  });
  return [...new Set(entries)];
}

/** Whether a route's first screen has a region field (it lists the region names). */
export function showsRegions(routeId: string, { loggedIn = false }: Pick<RouteCatalogueOptions, 'loggedIn'> = {}) {
  return routeEntries(routeId, loggedIn).includes(REGIONS);
}

/**
 * Whether a route's first screen names the site's countries: beside a region field, on the member
 * cards (whose words are `members`), or as the country a member pays from (whose words are
 * `credits`). Its page gets their names (`page-web-context.ts`).
 */
export function namesCountries(routeId: string, { loggedIn = false }: Pick<RouteCatalogueOptions, 'loggedIn'> = {}) {
  const entries = routeEntries(routeId, loggedIn);
  return entries.includes(REGIONS) || entries.includes(MEMBER_CARDS) || entries.includes(CREDITS_SCREENS);
}

/**
 * The namespaces whose screens show times: chat times, notifications, the credits ledger and
 * orders, membership dates, profile visitors.
 */
const TIMED_NAMESPACES: readonly string[] = [CHATS, 'notifications', CREDITS_SCREENS, 'membership', 'privacy'];

/**
 * Whether a route's first screen shows times (it has the words of a screen that does): its page
 * gets their date patterns.
 */
export function showsTimes(routeId: string, { loggedIn = false }: Pick<RouteCatalogueOptions, 'loggedIn'> = {}) {
  return routeEntries(routeId, loggedIn).some((entry) => TIMED_NAMESPACES.includes(entry));
}

function routeEntries(routeId: string, loggedIn: boolean): readonly string[] {
  const name = routeNameFromId(routeId);
  const entry = ROUTES.find((candidate) => candidate.name === name);
  const own = entry ? (ROUTE_FILE_NAMESPACES[entry.file] ?? []) : name.startsWith('console') ? [CONSOLE_NAMESPACE] : [];
  const laterSteps = loggedIn && entry && SIGNUP_FORM_FOR_MEMBERS.has(entry.file) ? SIGNUP_LATER_STEPS : [];
  return [...SHELL_NAMESPACES, ...(loggedIn ? MEMBER_SHELL : []), ...own, ...laterSteps];
}

/** An entry ending in this names every key of its namespace part that begins with the rest. */
const PREFIX_MARK = '*';

/**
 * Whether an entry a page has covers the one a screen asks for: the same, a part of it, or a key
 * its prefix names (`signup.value_*` covers `signup.value_female` and the template `signup.value_`).
 */
export function coversEntry(had: string, wanted: string): boolean {
  if (had.endsWith(PREFIX_MARK)) return wanted.startsWith(had.slice(0, -PREFIX_MARK.length));
  return wanted === had || wanted.startsWith(`${had}.`);
}

/**
 * The catalogue cut down to the given entries (those it has): a whole namespace, a part of one or
 * one key by its dotted path, or the keys a prefix entry names, kept at the same place.
 */
export function pickNamespaces(catalogue: Catalogue, entries: readonly string[]): Catalogue {
  const picked: Catalogue = {};
  for (const entry of entries) {
    const path = entry.split('.');
    const last = path.pop()!;
    let from: string | Catalogue | undefined = catalogue;
    let into: Catalogue | undefined = picked;
    for (const key of path) {
      from = typeof from === 'object' ? from[key] : undefined;
      const existing: string | Catalogue | undefined = into[key];
      // A part asked for inside a namespace already taken whole is there already.
      if (from === undefined || existing === from || typeof existing === 'string') {
        into = undefined;
        break;
      }
      into = existing ?? (into[key] = {});
    }
    if (!into || typeof from !== 'object') continue;
    const keys = last.endsWith(PREFIX_MARK)
      ? Object.keys(from).filter((key) => key.startsWith(last.slice(0, -PREFIX_MARK.length)))
      : [last];
    for (const key of keys) if (from[key] !== undefined) into[key] = from[key];
  }
  return picked;
}
