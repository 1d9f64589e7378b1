import { z } from 'zod';

/**
 * A member's own privacy controls (issue 19), in the account settings.
 *
 * | call                                 | takes | answers                    |
 * |--------------------------------------|-------|----------------------------|
 * | GET  /api/data_export.php            |       | {@link DataExportResponse} |
 * | POST /api/data_export.php            |       | {@link DataExportResponse} |
 * | GET  /api/data_export_download.php   | id    | the zip (application/zip)  |
 *
 * An export is asked for, prepared in the background, announced by mail with a link to the
 * download, and deleted {@link DATA_EXPORT_TTL_MS} after it was ready. Only its member can
 * download it, logged in.
 */
export const DATA_EXPORT_PATH = '/api/data_export.php';
export const DATA_EXPORT_DOWNLOAD_PATH = '/api/data_export_download.php';

/** How long a prepared export can be downloaded before its file is deleted (the mail says so). */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const DATA_EXPORT_STATES = ['pending', 'ready'] as const;
export const DataExportStateSchema = z.enum(DATA_EXPORT_STATES);
export type DataExportState = z.infer<typeof DataExportStateSchema>;

export const DataExportSchema = z.object({
  /** Opaque: the download's `id`. */
  id: z.string(),
  state: DataExportStateSchema,
  requested_at: z.number().int(),
  /** When it was ready; null while it is prepared. */
  ready_at: z.number().int().nullable(),
  /** When the file is deleted; null while it is prepared. */
  expires_at: z.number().int().nullable(),
  /** Bytes of the zip; null while it is prepared. */
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** The member's latest export that can still be downloaded or is being prepared; null: none. */
export const DataExportResponseSchema = z.object({ export: DataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof DataExportResponseSchema>;

export const DataExportDownloadQuerySchema = z.object({ id: z.string().min(1).max(64) });

/** The download link of an export (in the mail and on the settings page). */
export const dataExportDownloadUrl = (id: string) => `${DATA_EXPORT_DOWNLOAD_PATH}?id=${encodeURIComponent(id)}`;
