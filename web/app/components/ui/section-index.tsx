import { useEffect, useState, type MouseEvent, type RefObject } from 'react';

interface Entry {
  id: string;
  title: string;
}

/** The titled cards inside `root`, in page order: each `section` named by its heading. */
function sectionsOf(root: HTMLElement): Entry[] {
  return Array.from(root.querySelectorAll('section[aria-labelledby]')).flatMap((section) => {
    const heading = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
    const title = heading?.textContent?.trim();
    return heading && title ? [{ id: heading.id, title }] : [];
  });
}

const same = (a: Entry[], b: Entry[]) =>
  a.length === b.length && a.every((entry, index) => entry.id === b[index]?.id && entry.title === b[index]?.title);

/** Moves to a section's heading as a link to it would, and takes the focus there for keyboards and screen readers. */
function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(id);
  if (!heading) return;
  event.preventDefault();
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/**
 * A row of links to the sections of a long page, kept at the top of the screen on a phone (issue
 * 21: the profile page is several screens tall). It lists what the page shows, every titled
 * `section` inside `within`, so a section another feature adds there joins it by itself.
 */
export function SectionIndex({ within, label }: { within: RefObject<HTMLElement | null>; label: string }) {
  const [entries, setEntries] = useState<Entry[]>([]);

  useEffect(() => {
    const root = within.current;
    if (!root) return;
    const read = () => {
      const next = sectionsOf(root);
      setEntries((current) => (same(current, next) ? current : next));
    };
    read();
    // Sections come and go with what loads (a membership, a list of blocked members).
    const observer = new MutationObserver(read);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [within]);

  return (
    // As tall before the entries are read as after (a row of small buttons), so nothing below moves.
    <nav aria-label={label} className="section-index sticky top-0 z-10 -mx-4 h-16 bg-page px-4 py-2 md:static">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {entries.map((entry) => (
          <li key={entry.id} className="shrink-0">
            <a
              href={`#${entry.id}`}
              className="btn btn-secondary btn-sm whitespace-nowrap"
              onClick={(event) => jump(event, entry.id)}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
