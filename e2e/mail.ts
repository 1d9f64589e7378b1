import { expect, type APIRequestContext } from '@playwright/test';

/** Where the e2e servers listen; another base lets two checkouts run their browser tests side by side. */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
export const MAIL_SINK_SMTP_PORT = E2E_PORT_BASE + 25;
export const MAIL_SINK_HTTP_PORT = E2E_PORT_BASE + 26;

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function links(mail: ReceivedMail): string[] {
  return [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

async function mailsTo(request: APIRequestContext, to: string): Promise<ReceivedMail[]> {
  const response = await request.get(`http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * The link in the newest mail to this address that matches the pattern, waiting for the
 * mail to arrive: the site sends it just after the call that causes it has answered.
 */
export async function mailedLink(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    link = (await mailsTo(request, to))
      .reverse()
      .flatMap(links)
      .find((href) => pattern.test(href));
    expect(link, `a mail to ${to} with a link like ${pattern}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return link!;
}

/** The newest mail to this address whose subject matches, waiting for it as `mailedLink` does. */
export async function mailWithSubject(request: APIRequestContext, to: string, subject: RegExp): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  await expect(async () => {
    mail = (await mailsTo(request, to)).reverse().find((candidate) => subject.test(candidate.subject));
    expect(mail, `a mail to ${to} with a subject like ${subject}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return mail!;
}
