import type { SiteConfig } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import type { Mailer } from './mailer.js';
import { renderMail, type MailKind } from './mail-templates.js';

export interface MailMessage {
  to: string;
  /** null for a mail that belongs to no account (yet). */
  memberId: number | null;
  locale: string;
  siteName: string;
  supportEmail: string;
  /** `Site name <hello@site>` or a bare address. */
  fromAddress: string;
  recipientName: string;
  link?: string;
  replyTo?: string;
  /** Further placeholders of the kind's texts, and text quoted as written (see MailContext). */
  values?: Record<string, string>;
  quote?: string;
}

/** A mail to the member, in their language, from their site. */
export function memberMailTo(
  member: Pick<MemberRow, 'id' | 'email' | 'language' | 'name'>,
  site: SiteConfig,
  link?: string,
): MailMessage {
  return {
    to: member.email,
    memberId: member.id,
    locale: member.language,
    siteName: site.name,
    supportEmail: site.support_email,
    fromAddress: `${site.name} <${site.email}>`,
    recipientName: member.name,
    ...(link ? { link } : {}),
  };
}

export interface MailService {
  /** Renders, sends and records the attempt; `accepted: false` (logged here) when the server refused or was unreachable. */
  send(kind: MailKind, message: MailMessage): Promise<{ accepted: boolean }>;
  /** Whether the latest mail of this kind to the member was accepted; null when none was sent yet. */
  wasDelivered(memberId: number, kind: MailKind): Promise<boolean | null>;
  /**
   * Resolves once every mail on its way is sent and recorded. Closing waits for it before the
   * mailer and the database go: some mails are sent after the answer (activation, the e-mail change notice).
   */
  settled(): Promise<void>;
  /**
   * Runs work that ends in a mail (a token made, then the link sent) after the answer has gone,
   * and counts it as on its way from the start, so `settled` waits for it even before it sends.
   */
  inBackground(task: () => Promise<unknown>): Promise<unknown>;
}

export interface MailServiceOptions {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const NAMED_ADDRESS = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/;

/**
 * Quotes the display name, so a site called "Liefde, Later" stays one sender instead of
 * being read as two addresses by every mail program on the way.
 */
export function formatFromAddress(fromAddress: string): string {
  const match = NAMED_ADDRESS.exec(fromAddress);
  if (!match) return fromAddress.trim();
  const [, name = '', address = ''] = match;
  const unquoted = name.replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1');
  if (!unquoted) return address;
  return `"${unquoted.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

export function createMailService({ db, mailer, log }: MailServiceOptions): MailService {
  const sending = new Set<Promise<unknown>>();

  async function deliver(kind: MailKind, message: MailMessage): Promise<{ accepted: boolean }> {
    const rendered = renderMail(kind, message);
    const result = await mailer.send({
      from: formatFromAddress(message.fromAddress),
      to: message.to,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...rendered,
    });
    if (!result.accepted) {
      // The member id and kind are enough to find the mail again; the link holds a token and stays out of logs.
      log.warn({ err: result.error, kind, memberId: message.memberId, mailer: mailer.kind }, 'mail not accepted');
    }
    try {
      await db
        .insertInto('mail_deliveries')
        .values({
          member_id: message.memberId,
          kind,
          recipient: message.to,
          accepted: result.accepted ? 1 : 0,
          message_id: result.messageId,
          created_at: Date.now(),
        })
        .execute();
    } catch (error) {
      // The mail is already out; failing the caller now would only make it send a second one.
      log.error({ err: error, kind, memberId: message.memberId }, 'mail delivery not recorded');
    }
    return { accepted: result.accepted };
  }

  function track<T>(work: Promise<T>): Promise<T> {
    sending.add(work);
    const done = () => sending.delete(work);
    void work.then(done, done);
    return work;
  }

  return {
    send(kind, message) {
      return track(deliver(kind, message));
    },

    inBackground(task) {
      return track(task());
    },

    async settled() {
      await Promise.allSettled(sending);
    },

    async wasDelivered(memberId, kind) {
      const latest = await db
        .selectFrom('mail_deliveries')
        .select('accepted')
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return latest ? latest.accepted === 1 : null;
    },
  };
}
