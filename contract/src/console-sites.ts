import { z } from 'zod';
import { SiteConfigSchema } from './settings.js';

/**
 * A site's own settings edited in the console (issue 18): the spec's settings object as the
 * `sites` table stores it, with the history of every change. Admins only (`settings.manage`).
 */
export const CONSOLE_SITE_CONFIG_PATHS = {
  config: '/api/console/sites/:id/config',
  history: '/api/console/sites/:id/config/history',
} as const;

const id = z.coerce.number<string>().int().positive();
export const SiteConfigParamsSchema = z.object({ id });

/** GET …/config: the settings as stored, and the version a save must name. */
export const SiteConfigResponseSchema = z.object({
  site_id: z.number().int(),
  config: SiteConfigSchema,
  /** Changes with every save; a save naming an older one was made on stale settings (409). */
  version: z.number().int(),
});
export type SiteConfigResponse = z.infer<typeof SiteConfigResponseSchema>;

/**
 * PUT …/config (asks for the code again): the whole settings object, checked as the server reads
 * it. With `preview: true` nothing is saved and the answer lists what would change.
 */
export const SiteConfigRequestSchema = z.object({
  config: SiteConfigSchema,
  version: z.number().int(),
  preview: z.boolean().default(false),
});
export type SiteConfigRequest = z.input<typeof SiteConfigRequestSchema>;

/** One setting that changes: its path in the object (`template.features.chat`), before and after, as JSON. */
export const SiteConfigChangeSchema = z.object({
  path: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type SiteConfigChange = z.infer<typeof SiteConfigChangeSchema>;

export const SiteConfigSaveResponseSchema = z.object({
  changes: z.array(SiteConfigChangeSchema),
  /** The version now stored; unchanged by a preview or a save that changes nothing. */
  version: z.number().int(),
  saved: z.boolean(),
});
export type SiteConfigSaveResponse = z.infer<typeof SiteConfigSaveResponseSchema>;

/** GET …/config/history: every saved change, newest first. */
export const SiteConfigHistoryResponseSchema = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      staff: z.object({ id: z.number().int(), name: z.string() }),
      created_at: z.number().int(),
      changes: z.array(SiteConfigChangeSchema),
    }),
  ),
});
export type SiteConfigHistoryResponse = z.infer<typeof SiteConfigHistoryResponseSchema>;

/** Every leaf of a settings object by its path, as JSON: what a change list compares. */
function leaves(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix) {
    into.set(prefix, JSON.stringify(value));
  }
  return into;
}

/**
 * What differs between two settings objects, path by path in a stable order. Lists (countries,
 * packages, routes) compare whole: "countries went from [NL] to [NL, BE]" reads better than indexes.
 */
export function siteConfigChanges(before: unknown, after: unknown): SiteConfigChange[] {
  const old = leaves(before, '', new Map());
  const now = leaves(after, '', new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])].sort();
  return paths
    .filter((path) => old.get(path) !== now.get(path))
    .map((path) => ({ path, before: old.get(path) ?? null, after: now.get(path) ?? null }));
}
