import {
  ModerationSettingSchema,
  type MessageRule,
  type ModerationCategory,
  type ModerationSetting,
} from '@rendezvous/contract';

/** What a message matched: the rule, and the words that matched it, for the moderator to read first. */
export interface RuleMatch {
  rule: MessageRule;
  excerpt: string;
}

/** The queue category each rule files its item under (decision 008's one vocabulary). */
export const RULE_CATEGORY = {
  contact_details: 'other',
  payment_request: 'fraud',
  listed_word: 'other',
} as const satisfies Record<MessageRule, ModerationCategory>;

/** A site without a `moderation` setting flags contact details and payment requests, and no words. */
export const DEFAULT_MODERATION_SETTING: ModerationSetting = ModerationSettingSchema.parse({});

/** Letters and digits on neither side: a whole word in any script. */
const whole = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'iu');

const CONTACT_PATTERNS = [
  // An address, also written out as "name (at) host dot com" to get past a filter.
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\p{L}\p{N}-]+)+/iu,
  // Nine digits or more with the separators people type: any phone number, never a date.
  /(?:\+|\b00)?\d(?:[\s().\-/]*\d){8,}/u,
  /\bhttps?:\/\/\S+|\bwww\.\S+|\bwa\.me\/\S*/iu,
  whole('whats\\s?app|telegram|snapchat|skype|viber|instagram|facebook|messenger|wechat|line\\s?id'),
];

/**
 * Asking for money, in the site languages: transfer services, gift and prepaid cards, crypto, an
 * IBAN. Romance fraud runs on these, and a member on a paid site never needs to send another any.
 */
const PAYMENT_PATTERNS = [
  /\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}(?:\s?[a-z0-9]{1,3})?\b/iu,
  whole(
    [
      'western\\s?union',
      'money\\s?gram',
      'pay\\s?pal',
      'bitcoins?',
      'btc',
      'crypto',
      'usdt',
      'gift\\s?cards?',
      'itunes\\s?cards?',
      'steam\\s?cards?',
      'google\\s?play\\s?cards?',
      'amazon\\s?cards?',
      'paysafe\\s?cards?',
      'send\\s+(?:me\\s+)?money',
      'bank\\s+transfer',
      'wire\\s+(?:me\\s+)?(?:the\\s+)?money',
      'tikkie',
      'geld\\s+(?:overmaken|sturen|schicken|uberweisen)',
      'uberweisung',
      'virement',
      "envoyer\\s+de\\s+l'?argent",
      'transferencia',
      'enviar\\s+dinero',
      'bonifico',
      'ricarica',
      'postepay',
      'inviare\\s+soldi',
      'przelew',
      'blik',
      'wyslij\\s+pieniadze',
    ].join('|'),
  ),
];

/** Lower case without accents, so "Überweisung" and "uberweisung" are one word to the rules. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');

const firstMatch = (text: string, patterns: readonly RegExp[]) =>
  patterns.map((pattern) => pattern.exec(text)?.[0]).find((found) => found !== undefined);

/** How long a matched excerpt may be in the queue; a whole pasted letter helps nobody decide. */
const EXCERPT_MAX = 200;

/**
 * The first rule a member's message matches under the site's setting, money first, since fraud
 * costs a member most; undefined when it matches none.
 */
export function matchMessageRules(body: string, setting: ModerationSetting): RuleMatch | undefined {
  const folded = fold(body);
  const checks: [MessageRule, boolean, readonly RegExp[]][] = [
    ['payment_request', setting.flag_payment_requests, PAYMENT_PATTERNS],
    ['contact_details', setting.flag_contact_details, CONTACT_PATTERNS],
    ['listed_word', setting.flag_words.length > 0, setting.flag_words.map((word) => whole(escape(fold(word))))],
  ];
  for (const [rule, enabled, patterns] of checks) {
    if (!enabled) continue;
    const excerpt = firstMatch(folded, patterns);
    if (excerpt !== undefined) return { rule, excerpt: excerpt.slice(0, EXCERPT_MAX) };
  }
  return undefined;
}
