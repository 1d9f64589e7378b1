import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** For SMTP_URL. */
  url: string;
  /** Every mail received, in order of arrival. */
  messages: ParsedMail[];
  /**
   * The next mail to this address (case-insensitive) that no earlier call returned, waiting
   * for it if needed; so a test that expects two mails to one person waits twice.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** Addresses answered with 550 at RCPT TO, as a real server refuses an unknown mailbox. */
  rejectRecipients?: Iterable<string>;
}

const DEFAULT_WAIT_MS = 5_000;

interface Received {
  mail: ParsedMail;
  recipients: Set<string>;
  taken: boolean;
}

interface Waiter {
  to: string;
  resolve(mail: ParsedMail): void;
}

function headerAddresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.flatMap((address) => (address.address ? [address.address] : [])));
}

/** A real SMTP server on a free local port, so tests exercise nodemailer's whole path. */
export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const rejected = new Set([...(options.rejectRecipients ?? [])].map((address) => address.toLowerCase()));
  const received: Received[] = [];
  const messages: ParsedMail[] = [];
  let waiters: Waiter[] = [];

  function deliver(entry: Received) {
    const waiter = waiters.find((candidate) => entry.recipients.has(candidate.to));
    if (!waiter) return;
    waiters = waiters.filter((candidate) => candidate !== waiter);
    entry.taken = true;
    waiter.resolve(entry.mail);
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        const error: Error & { responseCode?: number } = new Error('Mailbox unavailable');
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const envelope = session.envelope.rcptTo.map((address) => address.address);
          const recipients = new Set([...envelope, ...headerAddresses(mail.to)].map((a) => a.toLowerCase()));
          const entry: Received = { mail, recipients, taken: false };
          received.push(entry);
          messages.push(mail);
          deliver(entry);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  // A client that hangs up mid-session is the client's problem, not a reason to crash the test run.
  server.on('error', () => {});

  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,

    waitForMail(to, timeoutMs = DEFAULT_WAIT_MS) {
      const address = to.toLowerCase();
      const waiting = received.find((entry) => !entry.taken && entry.recipients.has(address));
      if (waiting) {
        waiting.taken = true;
        return Promise.resolve(waiting.mail);
      }
      return new Promise<ParsedMail>((resolve, reject) => {
        const waiter: Waiter = {
          to: address,
          resolve(mail) {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((candidate) => candidate !== waiter);
          const seen = received.flatMap((entry) => [...entry.recipients]).join(', ') || 'none';
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms (received for: ${seen})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },

    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
