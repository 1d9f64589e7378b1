import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeWebContext, renderWithRoot } from '../../test/render';
import { useCountryNames } from './country-names';

function Countries({ codes }: { codes: string[] }) {
  const countryName = useCountryNames();
  return (
    <ul>
      {codes.map((code) => (
        <li key={code}>{countryName(code)}</li>
      ))}
    </ul>
  );
}

describe('useCountryNames', () => {
  it('names the page’s countries as the page came with them, and any other from the browser’s list', () => {
    const web = { ...makeWebContext(), locale: 'de' as const, country_names: { NL: 'Niederlande (Seite)' } };
    renderWithRoot(<Countries codes={['NL', 'FR']} />, { web });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Niederlande (Seite)',
      'Frankreich',
    ]);
  });
});
