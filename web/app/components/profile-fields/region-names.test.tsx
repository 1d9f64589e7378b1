import type { RegionItem } from '@rendezvous/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageWebContext } from '../../lib/web-context';
import { useWebContext } from '../../lib/use-web-context';
import { makeWebContext, renderWithRoot } from '../../test/render';
import { useRegionNames } from './region-names';

const SILESIA: RegionItem = { id: 1, code: 'PL-24', name: 'Śląskie' };
const MASOVIA: RegionItem = { id: 2, code: 'PL-14', name: 'Mazowieckie' };
const LUBLIN: RegionItem = { id: 3, code: 'PL-06', name: 'Lubelskie' };

function Regions({ regions }: { regions: (web: PageWebContext) => readonly RegionItem[] }) {
  const { sorted } = useRegionNames();
  return (
    <ul>
      {sorted(regions(useWebContext())).map((region) => (
        <li key={region.code}>{region.name}</li>
      ))}
    </ul>
  );
}

// The page's regions as the server sent them: already in its language's order, which a test can
// tell from a re-sort only by sending them in another.
const pageWeb = {
  ...makeWebContext({ settings: { region_data: { PL: [SILESIA, MASOVIA, LUBLIN] } } }),
  locale: 'pl' as const,
};
pageWeb.i18n.messages = { ...pageWeb.i18n.messages, regions: {} };
const names = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('useRegionNames', () => {
  it('shows the page’s own regions in the order they came in', () => {
    renderWithRoot(<Regions regions={(web) => web.settings.region_data?.PL ?? []} />, { web: pageWeb });
    expect(names()).toEqual(['Śląskie', 'Mazowieckie', 'Lubelskie']);
  });

  it('puts any other list in the language’s order', () => {
    renderWithRoot(<Regions regions={() => [SILESIA, MASOVIA, LUBLIN]} />, { web: pageWeb });
    expect(names()).toEqual(['Lubelskie', 'Mazowieckie', 'Śląskie']);
  });
});
