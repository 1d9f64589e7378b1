import { useEffect } from 'react';

/** The unread count the badge puts in front of the title, "(3) ", which the page's name keeps. */
export const TITLE_COUNT = /^\(\d+\) /;

/** "{the page's h1} · {site}", or the site's name alone where the page has no heading of its own. */
export function pageTitle(heading: string | null | undefined, siteName: string): string {
  const words = heading?.replace(/\s+/g, ' ').trim();
  return words && words !== siteName ? `${words} · ${siteName}` : siteName;
}

/**
 * WCAG 2.4.2: the tab, the history and a screen reader's list of windows name the page, not just
 * the site: "{the page's h1} · {site}". Every screen has an h1 of its own (the screens' sweep
 * checks it), so the title follows it, also when it changes with the page's data. The server
 * writes the page's first title alike (`heading-title.ts`), for crawlers and the first paint.
 */
export function usePageTitle(siteName: string | null): void {
  useEffect(() => {
    // Without the site's settings (its loader failed) the title stays as the server sent it.
    if (siteName === null) return;
    const apply = () => {
      const heading = document.querySelector('h1')?.textContent;
      const title = (TITLE_COUNT.exec(document.title)?.[0] ?? '') + pageTitle(heading, siteName);
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [siteName]);
}
