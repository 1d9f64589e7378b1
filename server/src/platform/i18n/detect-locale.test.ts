import { describe, expect, it } from 'vitest';
import { detectLocale } from './detect-locale.js';

describe('detectLocale', () => {
  it('prefers the i18n_redirected cookie', () => {
    expect(detectLocale('pl', 'de-DE,de;q=0.9', false)).toBe('pl');
  });

  it('falls back to the browser languages in their order of preference', () => {
    expect(detectLocale(undefined, 'ja;q=0.9,fr-CA;q=0.8,nl;q=0.95', false)).toBe('nl');
    expect(detectLocale(undefined, 'es-ES', false)).toBe('es');
    expect(detectLocale('xx', 'it-IT,it;q=0.9', false)).toBe('it');
  });

  it('ends with English', () => {
    expect(detectLocale(undefined, 'ja,zh;q=0.8', false)).toBe('en');
    expect(detectLocale(undefined, undefined, false)).toBe('en');
  });

  it('serves the pseudo locale only where allowed', () => {
    expect(detectLocale('pseudo', 'de', true)).toBe('pseudo');
    expect(detectLocale('pseudo', 'de', false)).toBe('de');
  });
});
