/**
 * The route table of spec §2: every path and alias with its name, layout and
 * access. `routes.ts` builds the router from it and the root reads names from it.
 */
export type Layout = 'default' | 'chat' | 'empty' | 'lander';
/** public: no login needed; optional: works either way; member: login required. */
export type Access = 'public' | 'optional' | 'member';

export interface RouteEntry {
  /** Route name (Nuxt style: segments joined by '-', params by name); home is `index`. */
  name: string;
  path: string;
  aliases?: readonly string[];
  file: string;
  layout: Layout;
  access: Access;
}

/** The four landers of one member share a route module, which picks the design by route name. */
const MEMBER_LANDER = 'routes/member-lander.tsx';

export const ROUTES: readonly RouteEntry[] = [
  { name: 'index', path: '/', file: 'routes/home.tsx', layout: 'default', access: 'optional' },
  { name: 'login', path: '/login', file: 'routes/login.tsx', layout: 'default', access: 'public' },
  { name: 'signup', path: '/signup', file: 'routes/signup.tsx', layout: 'default', access: 'public' },
  { name: 'chats', path: '/chats', file: 'routes/chats.tsx', layout: 'chat', access: 'member' },
  { name: 'chats-chatId', path: '/chats/:chatId', file: 'routes/chats.tsx', layout: 'chat', access: 'member' },
  {
    name: 'members',
    path: '/members',
    aliases: ['/search'],
    file: 'routes/members.tsx',
    layout: 'default',
    access: 'optional',
  },
  {
    name: 'members-memberId',
    path: '/members/:memberId',
    aliases: ['/likes/m/:memberId'],
    file: 'routes/member.tsx',
    layout: 'default',
    access: 'optional',
  },
  {
    name: 'members-memberId-chat',
    path: '/members/:memberId/chat',
    file: 'routes/member-chat.tsx',
    layout: 'chat',
    access: 'member',
  },
  {
    name: 'members-memberId-signup',
    path: '/members/:memberId/signup',
    file: MEMBER_LANDER,
    layout: 'lander',
    access: 'public',
  },
  {
    name: 'members-memberId-landing',
    path: '/members/:memberId/landing',
    file: MEMBER_LANDER,
    layout: 'lander',
    access: 'public',
  },
  {
    name: 'members-memberId-landing2-slug',
    path: '/members/:memberId/landing2/*',
    file: MEMBER_LANDER,
    layout: 'empty',
    access: 'public',
  },
  {
    name: 'members-memberId-landing3-slug',
    path: '/members/:memberId/landing3/*',
    file: MEMBER_LANDER,
    layout: 'empty',
    access: 'public',
  },
  { name: 'premium', path: '/premium', file: 'routes/premium.tsx', layout: 'default', access: 'public' },
  { name: 'pricing', path: '/pricing', file: 'routes/pricing.tsx', layout: 'default', access: 'public' },
  // Ours (issue 16): the public "cancel a contract here" page German law asks for (§312k BGB).
  {
    name: 'cancel-contract',
    path: '/cancel-contract',
    file: 'routes/cancel-contract.tsx',
    layout: 'default',
    access: 'public',
  },
  { name: 'profile', path: '/profile', file: 'routes/profile.tsx', layout: 'default', access: 'member' },
  { name: 'complaints', path: '/complaints', file: 'routes/complaints.tsx', layout: 'default', access: 'public' },
  { name: 'likes', path: '/likes', file: 'routes/likes.tsx', layout: 'default', access: 'member' },
  { name: 'likes-type', path: '/likes/:type', file: 'routes/likes.tsx', layout: 'default', access: 'member' },
  { name: 'match-finder', path: '/match-finder', file: 'routes/match-finder.tsx', layout: 'empty', access: 'public' },
  {
    name: 'signup-matches',
    path: '/signup-matches',
    file: 'routes/signup-matches.tsx',
    layout: 'empty',
    access: 'public',
  },
  {
    name: 'activate-done',
    path: '/activate/done',
    file: 'routes/activate-done.tsx',
    layout: 'default',
    access: 'public',
  },
  {
    name: 'activate-error',
    path: '/activate/error',
    file: 'routes/activate-error.tsx',
    layout: 'default',
    access: 'public',
  },
  {
    name: 'mail-change-do',
    path: '/mail-change/do',
    file: 'routes/mail-change-do.tsx',
    layout: 'default',
    access: 'public',
  },
  { name: 'complete-signup', path: '/complete-signup', file: 'routes/signup.tsx', layout: 'default', access: 'public' },
  {
    name: 'account-deleted',
    path: '/account-deleted',
    file: 'routes/account-deleted.tsx',
    layout: 'default',
    access: 'optional',
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    file: 'routes/reset-password.tsx',
    layout: 'default',
    access: 'optional',
  },
  {
    name: 'reset-password-do',
    path: '/reset-password/do',
    file: 'routes/reset-password-do.tsx',
    layout: 'default',
    access: 'optional',
  },
  { name: 'credits', path: '/credits', file: 'routes/credits.tsx', layout: 'default', access: 'member' },
  {
    name: 'credits-repeat-order',
    path: '/credits/repeat-order',
    file: 'routes/credits-repeat-order.tsx',
    layout: 'default',
    access: 'member',
  },
  {
    name: 'credits-creditId-paymentMethod',
    path: '/credits/:creditId/:paymentMethod?',
    file: 'routes/credits-checkout.tsx',
    layout: 'default',
    access: 'member',
  },
  {
    name: 'notifications',
    path: '/notifications',
    file: 'routes/notifications.tsx',
    layout: 'default',
    access: 'member',
  },
  {
    name: 'transactions-transactionId',
    path: '/transactions/:transactionId',
    file: 'routes/transaction.tsx',
    layout: 'default',
    access: 'member',
  },
  // Ban, cookies and service are reachable logged out too: the sign-up form links a deleted account to the service page.
  { name: 'pages-ban', path: '/pages/ban', file: 'routes/content-page.tsx', layout: 'default', access: 'optional' },
  { name: 'pages-faq', path: '/pages/faq', file: 'routes/content-page.tsx', layout: 'default', access: 'public' },
  { name: 'pages-terms', path: '/pages/terms', file: 'routes/content-page.tsx', layout: 'default', access: 'public' },
  {
    name: 'pages-cookies',
    path: '/pages/cookies',
    file: 'routes/content-page.tsx',
    layout: 'default',
    access: 'optional',
  },
  {
    name: 'pages-privacy',
    path: '/pages/privacy',
    file: 'routes/content-page.tsx',
    layout: 'default',
    access: 'public',
  },
  {
    name: 'pages-service',
    path: '/pages/service',
    file: 'routes/content-page.tsx',
    layout: 'default',
    access: 'optional',
  },
  {
    name: 'pages-return-policy',
    path: '/pages/return-policy',
    file: 'routes/content-page.tsx',
    layout: 'default',
    access: 'public',
  },
  {
    name: 'landers-video-slug',
    path: '/landers/video/*',
    file: 'routes/landers/video.tsx',
    layout: 'lander',
    access: 'public',
  },
  {
    name: 'landers-gallery-slug',
    path: '/landers/gallery/*',
    file: 'routes/landers/gallery.tsx',
    layout: 'lander',
    access: 'public',
  },
  {
    name: 'landers-maplanding-slug',
    path: '/landers/maplanding/*',
    file: 'routes/landers/maplanding.tsx',
    layout: 'lander',
    access: 'public',
  },
  {
    name: 'landers-alonetonight-slug',
    path: '/landers/alonetonight/*',
    file: 'routes/landers/alonetonight.tsx',
    layout: 'empty',
    access: 'public',
  },
  {
    name: 'landers-iconslanding-slug',
    path: '/landers/iconslanding/*',
    file: 'routes/landers/iconslanding.tsx',
    layout: 'empty',
    access: 'public',
  },
  {
    name: 'landers-socialnetwork-slug',
    path: '/landers/socialnetwork/*',
    file: 'routes/landers/socialnetwork.tsx',
    layout: 'lander',
    access: 'public',
  },
  {
    name: 'landers-collagelanding-slug',
    path: '/landers/collagelanding/*',
    file: 'routes/landers/collagelanding.tsx',
    layout: 'empty',
    access: 'public',
  },
  {
    name: 'landers-transitionsvideolanding-slug',
    path: '/landers/transitionsvideolanding/*',
    file: 'routes/landers/transitionsvideolanding.tsx',
    layout: 'empty',
    access: 'public',
  },
  // Spec §2: the developer area only ever redirects home.
  {
    name: 'dev',
    path: '/_dev',
    aliases: ['/_dev/*'],
    file: 'routes/dev/redirect-home.tsx',
    layout: 'default',
    access: 'public',
  },
  // Ours: the local mailbox while no SMTP server is configured, outside production only.
  { name: 'dev-mailbox', path: '/dev/mailbox', file: 'routes/dev/mailbox.tsx', layout: 'default', access: 'public' },
];

/** Route ids are `name` for the main path and `name@alias` for an alias. */
export function routeId(entry: RouteEntry, alias?: string): string {
  return alias ? `${entry.name}@${alias}` : entry.name;
}

/** Layout route ids: the root reads them to know which frame a page is in. */
export function layoutId(layout: Layout): string {
  return `layout-${layout}`;
}

export function routeNameFromId(id: string): string {
  return id.split('@')[0] ?? id;
}

/** The named routes of spec §2 that code navigates to. */
export const NAMED_ROUTES = {
  members: '/members',
  login: '/login',
  'complete-signup': '/complete-signup',
  pricing: '/pricing',
  premium: '/premium',
  'cancel-contract': '/cancel-contract',
  'pages-service': '/pages/service',
  'pages-faq': '/pages/faq',
  notifications: '/notifications',
  'members-memberId': (memberId: number | string) => `/members/${memberId}`,
  'chats-chatId': (chatId: number | string) => `/chats/${chatId}`,
  likes: '/likes',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-creditId-paymentMethod': (creditId: string, paymentMethod?: string) =>
    paymentMethod ? `/credits/${creditId}/${paymentMethod}` : `/credits/${creditId}`,
  'transactions-transactionId': (transactionId: number | string) => `/transactions/${transactionId}`,
} as const;
