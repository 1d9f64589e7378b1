import { describe, expect, it } from 'vitest';
import { CONSOLE_NAV, currentNavItem } from './console-nav';

const currentFor = (pathname: string) => currentNavItem(pathname, CONSOLE_NAV)?.to;

describe('the menu item a console page belongs to', () => {
  it('is the area of the page and of every page inside it', () => {
    expect(currentFor('/console/inbox')).toBe('/console/inbox');
    expect(currentFor('/console/inbox/conversations/42')).toBe('/console/inbox');
    expect(currentFor('/console/personas/7')).toBe('/console/personas');
    expect(currentFor('/console/personas/new')).toBe('/console/personas');
    expect(currentFor('/console/staff/')).toBe('/console/staff');
  });

  it('is supervision, not the inbox, on the supervision page', () => {
    expect(currentFor('/console/inbox/supervision')).toBe('/console/inbox/supervision');
  });

  it('is home only on the home page', () => {
    expect(currentFor('/console')).toBe('/console');
    expect(currentFor('/console/nowhere')).toBeUndefined();
  });

  it('is none for a path that only starts with the same letters', () => {
    expect(currentFor('/console/inboxes')).toBeUndefined();
  });
});
