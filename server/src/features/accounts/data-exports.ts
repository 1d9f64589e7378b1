import { DATA_EXPORT_TTL_MS } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { PublicUrl } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { createMediaName, type MediaStore } from '../../lib/media-store.js';
import { MINUTE_MS } from '../../lib/time.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';
import type { SitesRepository } from '../../platform/sites/sites.repository.js';
import { accountMailTo, type AccountMail } from './account-mail.js';
import { createAccountsRepository } from './accounts.repository.js';
import { createDataExportsRepository, type DataExportRow } from './data-exports.repository.js';
import { createMemberDataRepository, type MemberData } from './member-data.repository.js';

/** How often every node looks for exports to build and expired ones to delete. */
export const DATA_EXPORT_JOB_INTERVAL_MS = MINUTE_MS;
/** A build quiet for this long is taken over by another node: its own died. */
const STALE_BUILD_MS = 10 * MINUTE_MS;
/** Builds one run takes on, so one node never holds them all while others are idle. */
const BUILDS_PER_RUN = 5;

export interface DataExportsOptions {
  db: Db;
  media: MediaStore;
  mail: AccountMail;
  sites: SitesRepository;
  publicUrl: PublicUrl;
  log: FastifyBaseLogger;
}

/** The settings page's section, where the mail's link leads and the download button is. */
export const dataExportPagePath = (id: string) => `/profile?data_export=${encodeURIComponent(id)}#data-export`;

/** The zip: one JSON file per part of the data, and the photos as stored (photos/<name>). */
export async function zipMemberData(data: MemberData, media: MediaStore): Promise<Uint8Array> {
  const files: Zippable = {};
  for (const [part, value] of Object.entries(data)) {
    files[`${part}.json`] = strToU8(`${JSON.stringify(value, null, 2)}\n`);
  }
  const photos: Zippable = {};
  for (const photo of data.photos) {
    const name = String(photo.filename);
    const bytes = await media.read(name);
    // JPEG and WebP are compressed already: stored as they are.
    if (bytes) photos[name] = [bytes, { level: 0 }];
  }
  if (Object.keys(photos).length > 0) files.photos = photos;
  return zipSync(files, { level: 6 });
}

/**
 * Members' data exports (issue 19), prepared in the background: asking only records the wish and
 * starts this node's run; the minute job on every node picks up what is waiting or was left by a
 * node that died, and deletes what expired. The zip goes into the media store, so any node can
 * serve the download, and a mail in the member's language links to it.
 */
export function createDataExports({ db, media, mail, sites, publicUrl, log }: DataExportsOptions) {
  const exports = createDataExportsRepository(db);
  const accounts = createAccountsRepository(db);
  const memberData = createMemberDataRepository(db);
  let running: Promise<void> = Promise.resolve();

  async function build(row: DataExportRow, now: number): Promise<void> {
    const member: MemberRow = await accounts.byId(row.member_id);
    const zip = await zipMemberData(await memberData.gather(member), media);
    const file = createMediaName('zip');
    await media.put(file, Buffer.from(zip), 'application/zip');
    if (!(await exports.complete(row.id, file, zip.byteLength, now, now + DATA_EXPORT_TTL_MS))) {
      // The account was erased while the zip was made: nothing may keep its data.
      await media.remove(file);
      return;
    }
    const site = (await sites.all()).find((candidate) => candidate.id === member.site_id);
    if (!site) return;
    const link = `${siteOrigin(site, publicUrl)}${dataExportPagePath(row.id)}`;
    await mail.send('data_export_ready', accountMailTo(member, site.config, link));
  }

  async function removeExpired(now: number): Promise<void> {
    for (const row of await exports.expired(now)) {
      if (row.file) await media.remove(row.file);
      await exports.remove(row.id);
    }
  }

  async function run(now = Date.now()): Promise<void> {
    for (const row of await exports.claim(now, now - STALE_BUILD_MS, BUILDS_PER_RUN)) {
      // One failed build (a photo unreadable) does not stop the others; it is retried once stale.
      await build(row, now).catch((error: unknown) =>
        log.error({ err: error, exportId: row.id }, 'data export failed'),
      );
    }
    await removeExpired(now);
  }

  /** One run after whatever run is going on here (runs on one node never overlap). */
  function kick(): void {
    running = running.then(() => run()).catch((error: unknown) => log.error({ err: error }, 'data export run failed'));
  }

  return {
    latest: (memberId: number, now = Date.now()) => exports.latest(memberId, now),
    downloadable: (memberId: number, id: string, now = Date.now()) => exports.downloadable(memberId, id, now),

    /** Records the wish and starts building at once on this node, without the caller waiting. */
    async request(memberId: number, now = Date.now()): Promise<DataExportRow> {
      const row = await exports.request(memberId, now);
      kick();
      return row;
    },

    kick,

    /** One run now, awaited: tests choose the moment (and the clock). */
    run,

    /** Resolves when this node's runs so far are done: tests, and closing before the database goes. */
    settled: (): Promise<void> => running,
  };
}

export type DataExports = ReturnType<typeof createDataExports>;
