import { createTransport } from 'nodemailer';
import { createLocalMailbox, type LocalMailbox } from './local-mailbox.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where answers go when that is not the sender (a contact message answered straight to its writer). */
  replyTo?: string;
}

export interface SendResult {
  /** The mail server took the recipient (SMTP), or the mail was written to the local mailbox. */
  accepted: boolean;
  messageId: string | null;
  /** Why it was not accepted, for the caller's log; never shown to the member. */
  error?: Error;
}

export interface Mailer {
  readonly kind: 'smtp' | 'local';
  /** Never rejects for a delivery problem: a refused or unreachable server gives `accepted: false`. */
  send(message: OutgoingMail): Promise<SendResult>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
}

// Far below nodemailer's defaults (2 and 10 minutes): the activation screen waits for the outcome.
const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
const SMTP_GREETING_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** SMTP when SMTP_URL is set; otherwise every mail lands in the local mailbox under `<dataDir>/mail`. */
export function createMailer({ smtpUrl, dataDir }: MailerOptions): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl) : createLocalMailer(createLocalMailbox(dataDir));
}

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    // Our mails are plain strings; nothing in them may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail(message);
        // One recipient per mail, so "accepted" means exactly that address was taken.
        return { accepted: info.accepted.length > 0 && info.rejected.length === 0, messageId: info.messageId ?? null };
      } catch (error) {
        return { accepted: false, messageId: null, error: asError(error) };
      }
    },
    close() {
      transport.close();
    },
  };
}

export function createLocalMailer(mailbox: LocalMailbox): Mailer {
  // The stream transport builds the same RFC 822 message SMTP would carry, without sending it.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'local',
    async send(message) {
      try {
        const info = await composer.sendMail(message);
        if (!Buffer.isBuffer(info.message)) throw new Error('The stream transport returned no buffer');
        await mailbox.store(info.message, { to: message.to, subject: message.subject });
        return { accepted: true, messageId: info.messageId ?? null };
      } catch (error) {
        return { accepted: false, messageId: null, error: asError(error) };
      }
    },
    close() {},
  };
}
