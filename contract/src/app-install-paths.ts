/*
 * The installable app's addresses and template colours without zod: every page's head names them,
 * so they load with the first page; the manifest's schema is in app-manifest.ts.
 */
import type { TemplateName } from './settings.js';

/** Spec §1: the web manifest, one per site (the server answers by host). */
export const APP_MANIFEST_PATH = '/manifest.webmanifest';

/** The square icon sizes the manifest lists: Chrome wants 192 to install and 512 for the splash screen. */
export const APP_ICON_SIZES_PX = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES_PX)[number];
export type AppIconPurpose = 'any' | 'maskable';

/** iOS ignores the manifest's icons and reads this one, which it shows without transparency. */
export const APPLE_TOUCH_ICON_PATH = '/icons/apple-touch-icon.png';
export const APPLE_TOUCH_ICON_SIZE_PX = 180;

export function appIconPath(size: AppIconSize, purpose: AppIconPurpose): string {
  return purpose === 'maskable' ? `/icons/maskable-${size}.png` : `/icons/icon-${size}.png`;
}

/**
 * The colours of each template the browser shows around the app: `theme` tints the status bar
 * and title bar, `background` fills the splash screen. They match the templates' header and
 * page colours in web/app/styles/app.css.
 */
export const TEMPLATE_APP_COLOURS: Record<TemplateName, { theme: string; background: string }> = {
  classic: { theme: '#8a2846', background: '#fbf6ef' },
  boxy: { theme: '#1f2a44', background: '#eef2f6' },
};
