import { useEffect, useRef, useSyncExternalStore } from 'react';

/** The inbox's one-key shortcuts, outside text fields (the help lists them in this order). */
export const SHORTCUT_KEYS = {
  takeNext: 'n',
  next: 'j',
  previous: 'k',
  composer: 'c',
  release: 'e',
  help: '?',
} as const;
export type ShortcutAction = keyof typeof SHORTCUT_KEYS;

/** In the composer: send, and leave it for the one-key shortcuts. */
export const COMPOSER_KEYS = { send: 'Control+Enter', leave: 'Escape', snippet: '/' } as const;

const SINGLE_KEYS_STORAGE_KEY = 'rv-console-single-keys';
const SINGLE_KEYS_CHANGED = 'rv-console-single-keys-changed';

const readSingleKeys = () => {
  try {
    return window.localStorage.getItem(SINGLE_KEYS_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
};

function subscribeSingleKeys(onChange: () => void) {
  window.addEventListener(SINGLE_KEYS_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SINGLE_KEYS_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Whether one-key shortcuts are on. A screen-reader user or someone with speech input can turn
 * them off (WCAG 2.1.4); the choice stays in this browser.
 */
export function useSingleKeyShortcuts(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribeSingleKeys, readSingleKeys, () => true);
  const set = (next: boolean) => {
    try {
      window.localStorage.setItem(SINGLE_KEYS_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Private browsing without storage: the choice holds until the page is left.
    }
    window.dispatchEvent(new Event(SINGLE_KEYS_CHANGED));
  };
  return [on, set];
}

/** Whether a key press belongs to what has the focus: typing, a menu, a dialog. */
function isForTheFocus(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], dialog[open]')) return true;
  return document.querySelector('dialog[open]') !== null;
}

/** Runs the handler of a one-key shortcut pressed outside text fields and dialogs. */
export function useShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>, enabled: boolean): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isForTheFocus(event)) return;
      const action = (Object.keys(SHORTCUT_KEYS) as ShortcutAction[]).find((name) => SHORTCUT_KEYS[name] === event.key);
      const handler = action && latest.current[action];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
