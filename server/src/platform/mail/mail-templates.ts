// The accounts flows issue their tokens with the same lifetimes, so a mail never promises more time than its link has.
import {
  ACTIVATION_LINK_TTL_MS,
  DATA_EXPORT_TTL_MS,
  DEFAULT_LOCALE,
  EMAIL_CHANGE_LINK_TTL_MS,
  EMAIL_CHANGE_UNDO_LINK_TTL_MS,
  escapeHtml,
  isLocale,
  PASSWORD_RESET_LINK_TTL_MS,
  SafeHtml,
  type Locale,
  type ModerationAction,
  type ModerationReason,
  type ModerationSource,
} from '@rendezvous/contract';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/time.js';

export const MAIL_KINDS = [
  'activation',
  'password_reset',
  'email_change_confirm',
  'email_change_notice',
  'account_deleted',
  'two_factor_reset',
  'complaint_notice',
  'complaint_appeal',
  'contact_request',
  'contact_confirmation',
  'receipt',
  'premium_receipt',
  'premium_reminder',
  'premium_cancelled',
  'premium_cancel_not_found',
  'premium_withdrawn',
  'moderation_statement',
  'moderation_outcome',
  'data_export_ready',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

interface KindTexts {
  subject: string;
  intro: string;
  action?: string;
  expiry?: string;
  /** Lines of facts after the intro (a receipt's amounts and the seller), kept line by line. */
  details?: string;
  closing: string;
}

/** The words a moderation mail is made of, by decision, reason and how the item came in. */
interface ModerationTexts {
  decisions: Record<'warn' | 'hide' | 'suspend' | 'ban' | 'remove_photo' | 'remove_text', string>;
  /** To whoever filed the item; a photo or text under review has nobody to tell. */
  outcomes: Record<Exclude<ModerationAction, 'approve' | 'remove'> | 'upheld', string>;
  detection: Record<ModerationSource, string>;
  reasons: Record<ModerationReason, string>;
}

export type MailCatalogue = {
  common: { greeting: string; link_fallback: string; signoff: string; team: string; support: string };
  moderation: ModerationTexts;
} & Record<MailKind, KindTexts>;

export const MAIL_CATALOGUES: Record<Locale, MailCatalogue> = { en, nl, de, it, fr, es, pl };

/**
 * Which kinds carry a link and how long it lasts. The notice to the old address works without
 * its undo link too (it then only points to support), so the accounts code may leave it out.
 */
const LINKS: Record<MailKind, { required: boolean; ttlMs: number } | null> = {
  activation: { required: true, ttlMs: ACTIVATION_LINK_TTL_MS },
  password_reset: { required: true, ttlMs: PASSWORD_RESET_LINK_TTL_MS },
  email_change_confirm: { required: true, ttlMs: EMAIL_CHANGE_LINK_TTL_MS },
  email_change_notice: { required: false, ttlMs: EMAIL_CHANGE_UNDO_LINK_TTL_MS },
  account_deleted: null,
  two_factor_reset: null,
  complaint_notice: null,
  complaint_appeal: null,
  contact_request: null,
  contact_confirmation: null,
  receipt: null,
  premium_receipt: null,
  // The account's membership section: a link that does not expire, so no expiry line.
  premium_reminder: { required: true, ttlMs: 0 },
  premium_cancelled: { required: true, ttlMs: 0 },
  premium_cancel_not_found: null,
  premium_withdrawn: null,
  // The appeal form: a link that does not expire, so no expiry line.
  moderation_statement: { required: true, ttlMs: 0 },
  moderation_outcome: null,
  data_export_ready: { required: true, ttlMs: DATA_EXPORT_TTL_MS },
};

export interface MailContext {
  /** The member's language; anything unsupported falls back to English. */
  locale: string;
  siteName: string;
  supportEmail: string;
  recipientName: string;
  link?: string;
  /** Placeholders a kind adds to the common ones (a contact message's sender and subject). */
  values?: Record<string, string>;
  /** Someone else's words passed on as written (a contact message): escaped, quoted, line breaks kept. */
  quote?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function mailLocale(locale: string): Locale {
  // Accept browser-style tags such as nl-BE, which members may carry from the sign-up form.
  const primary = locale.toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : DEFAULT_LOCALE;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Replaces `{{name}}` placeholders. In HTML mode the catalogue text is escaped as well, since
 * translations contain apostrophes and ampersands. An unknown placeholder is a catalogue bug,
 * so it throws rather than leaving `{{…}}` in a member's inbox.
 */
function fill(template: string, values: Record<string, string | SafeHtml>, html: boolean): string {
  const escape = html ? escapeHtml : (text: string) => text;
  let out = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const key = match[1]!;
    const value = values[key];
    if (value === undefined) throw new Error(`Mail text uses an unknown placeholder {{${key}}}`);
    out += escape(template.slice(last, match.index));
    out += value instanceof SafeHtml ? value.html : escape(value);
    last = match.index + match[0].length;
  }
  return out + escape(template.slice(last));
}

/** "7 days", "2 godziny": Intl knows each language's plural forms, so catalogues never spell numbers. */
function formatDuration(ms: number, locale: Locale): string {
  const [value, unit] =
    ms >= 2 * DAY_MS && ms % DAY_MS === 0
      ? [ms / DAY_MS, 'day']
      : ms >= HOUR_MS
        ? [Math.round(ms / HOUR_MS), 'hour']
        : [Math.max(1, Math.round(ms / MINUTE_MS)), 'minute'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

function checkedLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new Error('Mail link is not an absolute URL');
  }
  // Anything but a web address in an href (javascript:, data:) would be a way to attack the reader.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Mail link must be http or https');
  return link;
}

const COLORS = { page: '#f4f1ec', card: '#ffffff', brand: '#8e2c48', text: '#2b2b2b', muted: '#5c5c5c' };
const SANS = 'Arial, Helvetica, sans-serif';

const paragraph = (html: string, style = '') => `<p style="margin:0 0 16px;${style}">${html}</p>`;
const lastParagraph = (html: string) => `<p style="margin:0;">${html}</p>`;

/** What a moderation decision is, in words of `locale`: the values of the statement of reasons and the outcome mail. */
export function moderationWords(
  locale: string,
  decision: { action: ModerationAction; reason: ModerationReason; until: number | null; createdAt: number },
  source: ModerationSource,
  /** The member's own time zone, so the end of a suspension reads as their clock shows it. */
  timeZone = 'UTC',
): { decision: string; outcome: string; upheld: string; ground: string; detection: string } {
  const language = mailLocale(locale);
  const texts = MAIL_CATALOGUES[language].moderation;
  const until = decision.until ?? decision.createdAt;
  const values = {
    days: formatDuration(Math.round((until - decision.createdAt) / DAY_MS) * DAY_MS, language),
    until: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(until),
  };
  const action = decision.action;
  const decided = (): string => {
    if (action === 'dismiss' || action === 'reverse' || action === 'approve') return '';
    if (action === 'remove') return texts.decisions[source === 'text' ? 'remove_text' : 'remove_photo'];
    return fill(texts.decisions[action], values, false);
  };
  return {
    decision: decided(),
    outcome: action === 'approve' || action === 'remove' ? '' : texts.outcomes[action],
    upheld: texts.outcomes.upheld,
    ground: texts.reasons[decision.reason],
    detection: texts.detection[source],
  };
}

/** One mail in the member's language: the same words as HTML (a button) and as plain text (the bare URL). */
export function renderMail(kind: MailKind, context: MailContext): RenderedMail {
  const locale = mailLocale(context.locale);
  const catalogue = MAIL_CATALOGUES[locale];
  const texts = catalogue[kind];
  const linkSpec = LINKS[kind];
  if (linkSpec?.required && !context.link) throw new Error(`A ${kind} mail needs a link`);
  const link = linkSpec && context.link ? checkedLink(context.link) : undefined;

  const plain = {
    ...context.values,
    name: context.recipientName,
    siteName: context.siteName,
    supportEmail: context.supportEmail,
    duration: linkSpec ? formatDuration(linkSpec.ttlMs, locale) : '',
  };
  const mailto = new SafeHtml(
    `<a href="mailto:${escapeHtml(context.supportEmail)}" style="color:${COLORS.brand};">${escapeHtml(context.supportEmail)}</a>`,
  );
  const rich = { ...plain, supportEmail: mailto };
  const text = (template: string) => fill(template, plain, false);
  const html = (template: string) => fill(template, rich, true);

  const subject = text(texts.subject);
  const action = link && texts.action ? texts.action : undefined;

  const textParts = [text(catalogue.common.greeting), text(texts.intro)];
  if (texts.details) textParts.push(text(texts.details));
  if (context.quote) textParts.push(context.quote.replace(/^/gm, '> '));
  if (link) textParts.push(action ? `${text(action)}\n${link}` : link);
  if (link && texts.expiry) textParts.push(text(texts.expiry));
  textParts.push(text(texts.closing), `${text(catalogue.common.signoff)}\n${text(catalogue.common.team)}`);
  textParts.push(`--\n${text(catalogue.common.support)}`);

  const htmlBody = [paragraph(html(catalogue.common.greeting)), paragraph(html(texts.intro))];
  if (texts.details) htmlBody.push(paragraph(html(texts.details).replaceAll('\n', '<br>')));
  if (context.quote) {
    htmlBody.push(
      `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLORS.brand};background:${COLORS.page};` +
        `white-space:pre-wrap;">${escapeHtml(context.quote)}</blockquote>`,
    );
  }
  if (link) {
    const href = escapeHtml(link);
    if (action) {
      // A table cell carries the background, because Outlook ignores padding and colour on a bare link.
      htmlBody.push(
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>` +
          `<td style="border-radius:6px;background:${COLORS.brand};">` +
          `<a href="${href}" style="display:inline-block;padding:14px 28px;font-family:${SANS};font-size:18px;` +
          `font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${html(action)}</a>` +
          `</td></tr></table>`,
      );
    }
    if (texts.expiry) htmlBody.push(paragraph(html(texts.expiry), `font-size:15px;color:${COLORS.muted};`));
    htmlBody.push(
      paragraph(
        `${html(catalogue.common.link_fallback)}<br>` +
          `<a href="${href}" style="color:${COLORS.brand};word-break:break-all;">${href}</a>`,
        `font-size:15px;color:${COLORS.muted};`,
      ),
    );
  }
  htmlBody.push(
    paragraph(html(texts.closing)),
    lastParagraph(`${html(catalogue.common.signoff)}<br>${html(catalogue.common.team)}`),
  );

  const siteName = escapeHtml(context.siteName);
  const htmlDocument = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;">${html(texts.intro)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:${COLORS.card};border-radius:8px;">
<tr><td style="padding:28px 32px 0;font-family:Georgia, 'Times New Roman', serif;font-size:24px;color:${COLORS.brand};">${siteName}</td></tr>
<tr><td style="padding:20px 32px 28px;font-family:${SANS};font-size:17px;line-height:1.6;color:${COLORS.text};">
${htmlBody.join('\n')}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #ece7df;font-family:${SANS};font-size:14px;line-height:1.5;color:${COLORS.muted};">
${html(catalogue.common.support)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return { subject, html: htmlDocument, text: `${textParts.join('\n\n')}\n` };
}
