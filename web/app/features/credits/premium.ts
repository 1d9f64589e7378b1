/** The membership's section of the member's own page (/profile), where the premium checkout links. */
export const MEMBERSHIP_ID = 'membership';
export const MEMBERSHIP_PATH = `/profile#${MEMBERSHIP_ID}`;

export const PREMIUM_PATH = '/premium';
/** The plan a member chose on /premium, which opens its checkout there: /premium?plan={id}. */
export const PLAN_PARAM = 'plan';
/** The method chosen in the premium checkout, kept in the address like the credits checkout's. */
export const METHOD_PARAM = 'method';
