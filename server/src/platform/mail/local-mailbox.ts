import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** `<epoch ms>-<8 hex>`: sorts by time as text, and leaves no room for `/` or `..`. */
export const MAIL_ID_PATTERN = /^\d{13}-[0-9a-f]{8}$/;
export const MAILBOX_LIST_LIMIT = 100;

const StoredMailSummarySchema = z.object({
  id: z.string().regex(MAIL_ID_PATTERN),
  to: z.string(),
  subject: z.string(),
  created_at: z.number().int(),
});
export type StoredMailSummary = z.infer<typeof StoredMailSummarySchema>;

export interface StoredMail extends StoredMailSummary {
  html: string;
  text: string;
}

/**
 * The development mailbox: each mail as `<id>.eml` (RFC 822, opens in any mail program)
 * next to `<id>.json` with what the list shows. One small file per mail rather than a shared
 * index, so two mails sent at once can never overwrite each other's entry.
 */
export interface LocalMailbox {
  readonly dir: string;
  store(raw: Buffer, meta: { to: string; subject: string }): Promise<StoredMailSummary>;
  /** Newest first. */
  list(limit?: number): Promise<StoredMailSummary[]>;
  /** null for an unknown or malformed id. */
  read(id: string): Promise<StoredMail | null>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

export function createLocalMailbox(dataDir: string): LocalMailbox {
  const dir = path.join(dataDir, 'mail');
  const fileOf = (id: string, extension: 'eml' | 'json') => path.join(dir, `${id}.${extension}`);

  async function readSummary(id: string): Promise<StoredMailSummary | null> {
    try {
      const parsed = StoredMailSummarySchema.safeParse(JSON.parse(await fs.readFile(fileOf(id, 'json'), 'utf8')));
      return parsed.success && parsed.data.id === id ? parsed.data : null;
    } catch (error) {
      // A half-written or hand-edited entry should not take the whole list down.
      if (isMissing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  return {
    dir,

    async store(raw, meta) {
      await fs.mkdir(dir, { recursive: true });
      const createdAt = Date.now();
      const id = `${createdAt}-${randomBytes(4).toString('hex')}`;
      const summary: StoredMailSummary = { id, to: meta.to, subject: meta.subject, created_at: createdAt };
      // The message first: a listed entry then always has its mail.
      await fs.writeFile(fileOf(id, 'eml'), raw, { flag: 'wx' });
      await fs.writeFile(fileOf(id, 'json'), `${JSON.stringify(summary)}\n`, { flag: 'wx' });
      return summary;
    },

    async list(limit = MAILBOX_LIST_LIMIT) {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const ids = names
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((id) => MAIL_ID_PATTERN.test(id))
        .sort()
        .reverse()
        .slice(0, limit);
      const summaries = await Promise.all(ids.map(readSummary));
      return summaries.filter((summary): summary is StoredMailSummary => summary !== null);
    },

    async read(id) {
      if (!MAIL_ID_PATTERN.test(id)) return null;
      const summary = await readSummary(id);
      if (!summary) return null;
      let raw: Buffer;
      try {
        raw = await fs.readFile(fileOf(id, 'eml'));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // mailparser is a development dependency; only the development mailbox page ever reads a mail back.
      const { simpleParser } = await import('mailparser');
      const parsed = await simpleParser(raw);
      return { ...summary, html: parsed.html || '', text: parsed.text ?? '' };
    },
  };
}
