import type { AppIconPurpose } from '@rendezvous/contract';
import sharp from 'sharp';

/** The heart of web/public/favicon.svg, on the same 64-unit grid: the mark every site's icons carry. */
const MARK_PATH = 'M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.7A9 9 0 0 1 48 29c0 11.4-16 21-16 21z';

/**
 * An `any` icon is the favicon's rounded tile; a maskable one fills the square, since the launcher
 * cuts its own shape, and the mark already sits inside the central 80 % circle that no mask crops.
 */
function iconSvg(colour: string, purpose: AppIconPurpose): string {
  const corner = purpose === 'any' ? 14 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${corner}" fill="${colour}"/><path d="${MARK_PATH}" fill="#fff"/></svg>`;
}

/**
 * PNG icons in a site's colour, drawn on first request and kept for the life of the process:
 * a handful of small images, the same for every site that shares a template.
 */
export function createAppIcons() {
  const drawn = new Map<string, Promise<Buffer>>();
  return {
    png(colour: string, sizePx: number, purpose: AppIconPurpose): Promise<Buffer> {
      const key = `${colour}:${sizePx}:${purpose}`;
      let icon = drawn.get(key);
      if (!icon) {
        const svg = Buffer.from(iconSvg(colour, purpose));
        // Rendered at the target size rather than scaled from a bitmap, so every size is sharp.
        icon = sharp(svg, { density: (72 * sizePx) / 64 })
          .resize(sizePx, sizePx)
          .png()
          .toBuffer();
        // A failed drawing is not kept, so the next request tries again.
        icon.catch(() => drawn.delete(key));
        drawn.set(key, icon);
      }
      return icon;
    },
  };
}

export type AppIcons = ReturnType<typeof createAppIcons>;
