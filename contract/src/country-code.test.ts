import { describe, expect, it } from 'vitest';
import { countryCodeOf, countryNameIn } from './country-code.js';

describe('the company country, read from free text (issue 21)', () => {
  it('reads codes, English names and the names operators write', () => {
    expect(countryCodeOf('nl')).toBe('NL');
    expect(countryCodeOf(' Netherlands ')).toBe('NL');
    expect(countryCodeOf('Holland')).toBe('NL');
    expect(countryCodeOf('United Kingdom')).toBe('GB');
    expect(countryCodeOf('UK')).toBe('GB');
    expect(countryCodeOf('Germany')).toBe('DE');
    expect(countryCodeOf('Atlantis')).toBeNull();
  });

  it('names a known country in the reader language, and leaves anything else as written', () => {
    expect(countryNameIn('Netherlands', 'de-DE')).toBe('Niederlande');
    expect(countryNameIn('NL', 'pl-PL')).toBe('Holandia');
    expect(countryNameIn('Atlantis', 'de-DE')).toBe('Atlantis');
  });
});
