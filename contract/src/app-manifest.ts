import { z } from 'zod';

const AppManifestIconSchema = z.object({
  src: z.string().startsWith('/'),
  sizes: z.string().regex(/^\d+x\d+$/),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

/** The web app manifest (spec §1) as GET /manifest.webmanifest answers it for the asking site. */
export const AppManifestSchema = z.object({
  /** Stable across deployments, so an installed app stays the same app when start_url or the name changes. */
  id: z.string(),
  name: z.string().min(1),
  short_name: z.string().min(1),
  lang: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string().regex(/^#[0-9a-f]{6}$/),
  background_color: z.string().regex(/^#[0-9a-f]{6}$/),
  icons: z.array(AppManifestIconSchema).min(1),
});
export type AppManifest = z.infer<typeof AppManifestSchema>;
