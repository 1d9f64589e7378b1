import { useEffect, type RefObject } from 'react';

/**
 * Keeps `element` over exactly the part of the page the member sees. On a phone the on-screen
 * keyboard shrinks the visual viewport, not the layout viewport that `dvh` follows, so a frame
 * sized by `dvh` alone leaves its bottom (the chat's composer) under the keyboard, and the page
 * scrolls to show it. The frame reads --rv-visible-height and --rv-visible-top (see app.css);
 * without the visualViewport API, or before hydration, it is simply the dynamic viewport.
 */
export function useVisibleViewport(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = ref.current;
    if (!viewport || !element) return;
    const update = () => {
      element.style.setProperty('--rv-visible-height', `${viewport.height}px`);
      element.style.setProperty('--rv-visible-top', `${viewport.offsetTop}px`);
    };
    // Read with the next frame's layout, not at once: just after React has changed the page, the
    // read makes the browser lay it out within the commit's task (issue 17).
    const first = requestAnimationFrame(update);
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      cancelAnimationFrame(first);
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
      element.style.removeProperty('--rv-visible-height');
      element.style.removeProperty('--rv-visible-top');
    };
  }, [ref]);
}
