import { useEffect } from 'react';

/** The unread count the badge puts in front of the title, "(3) ", which the page's name keeps. */
export const TITLE_COUNT = /^\(\d+\) /;

/**
 * WCAG 2.4.2: the tab, the history and a screen reader's list of windows name the page, not just
 * the site: "{the page's h1} · {site}". Every screen has an h1 of its own (the screens' sweep
 * checks it), so the title follows it, also when it changes with the page's data.
 */
export function usePageTitle(siteName: string | null): void {
  useEffect(() => {
    // Without the site's settings (its loader failed) the title stays as the server sent it.
    if (siteName === null) return;
    const apply = () => {
      const heading = document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
      const base = heading && heading !== siteName ? `${heading} · ${siteName}` : siteName;
      const title = (TITLE_COUNT.exec(document.title)?.[0] ?? '') + base;
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [siteName]);
}
