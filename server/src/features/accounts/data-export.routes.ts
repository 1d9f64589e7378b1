import {
  DATA_EXPORT_DOWNLOAD_PATH,
  DATA_EXPORT_PATH,
  DataExportDownloadQuerySchema,
  DataExportResponseSchema,
  type DataExport,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.js';
import type { MediaStore } from '../../lib/media-store.js';
import { DAY_MS } from '../../lib/time.js';
import type { DataExports } from './data-exports.js';
import type { DataExportRow } from './data-exports.repository.js';

export interface DataExportRoutesOptions {
  exports: DataExports;
  media: MediaStore;
}

/** Exports a member may ask for in a day: each reads everything they have, photos included. */
export const DATA_EXPORTS_PER_DAY = 5;

const toWire = (row: DataExportRow | undefined): DataExport | null =>
  row
    ? {
        id: row.id,
        state: row.state === 'ready' ? 'ready' : 'pending',
        requested_at: row.requested_at,
        ready_at: row.ready_at,
        expires_at: row.expires_at,
        size: row.size,
      }
    : null;

/** A member's copy of their data (issue 19): ask, see how it goes, download it while it lasts. */
export const dataExportRoutes: FastifyPluginAsyncZod<DataExportRoutesOptions> = async (app, { exports, media }) => {
  app.get(
    DATA_EXPORT_PATH,
    { config: { access: 'member' }, schema: { response: { 200: DataExportResponseSchema } } },
    async (request) => ({ export: toWire(await exports.latest(request.member.id)) }),
  );

  app.post(
    DATA_EXPORT_PATH,
    {
      config: { access: 'member', limits: [app.limits.perMember('data-export', DATA_EXPORTS_PER_DAY, DAY_MS)] },
      schema: { response: { 200: DataExportResponseSchema } },
    },
    async (request) => ({ export: toWire(await exports.request(request.member.id)) }),
  );

  app.get(
    DATA_EXPORT_DOWNLOAD_PATH,
    { config: { access: 'member' }, schema: { querystring: DataExportDownloadQuerySchema } },
    async (request, reply) => {
      // Someone else's export, an expired one and one still prepared are all simply not there.
      const row = await exports.downloadable(request.member.id, request.query.id);
      const bytes = row?.file ? await media.read(row.file) : undefined;
      if (!row || !bytes) throw notFound('This download has expired or does not exist.');
      const day = new Date(row.ready_at ?? row.requested_at).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${request.site.config.name.replace(/[^\w.-]+/g, '-')}-data-${day}.zip"`,
        )
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
