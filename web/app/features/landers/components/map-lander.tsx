import type { LanderProfile, RegionItem } from '@rendezvous/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryNames } from '../../../components/profile-fields/labels';
import { useRegionNames } from '../../../components/profile-fields/region-names';
import { LanderClose, LanderPhoto, MemberCaption, useNicheText, type LanderProps } from './lander-parts';
import { useSiteRegions } from '../../../components/profile-fields/site-regions';

/** Tiles on the map: enough to look like a country on a phone, few enough to read. */
const MAP_TILES = 12;
const PINS_PER_TILE = 2;

interface Tile {
  region: RegionItem;
  members: LanderProfile[];
}

/** The regions with members first (in the site's order), then others until the map is full. */
function tilesOf(regions: readonly RegionItem[], profiles: readonly LanderProfile[]): Tile[] {
  const byRegion = new Map<number, LanderProfile[]>();
  for (const profile of profiles) {
    if (profile.countryregion === null) continue;
    byRegion.set(profile.countryregion, [...(byRegion.get(profile.countryregion) ?? []), profile]);
  }
  const tiles = regions.map((region) => ({ region, members: (byRegion.get(region.id) ?? []).slice(0, PINS_PER_TILE) }));
  const peopled = tiles.filter((tile) => tile.members.length > 0);
  const empty = tiles.filter((tile) => tile.members.length === 0);
  const shown = new Set([...peopled, ...empty].slice(0, MAP_TILES));
  // Back in the site's order, so neighbouring names stay roughly where a local expects them.
  return tiles.filter((tile) => shown.has(tile));
}

/**
 * Members on a map of the visitor's country, drawn here: the regions of settings.region_data as
 * tiles (a tile map, no outlines or map tiles fetched from elsewhere), the members as pins.
 */
export function MapLander({ data, signup }: LanderProps) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const regionName = useRegionNames().name;
  const niche = useNicheText(data.niche);
  const titleId = useId();
  const country = countryName(data.country);
  const tiles = tilesOf(useSiteRegions()?.[data.country] ?? [], data.profiles);
  const firstPin = tiles.find((tile) => tile.members.length > 0)?.members[0]?.id;

  return (
    <div className="map-lander space-y-6">
      <header>
        <h1 id={titleId} className="heading text-3xl sm:text-4xl">
          {t('landers.map.title', { country })}
        </h1>
        <p className="mt-3 text-lg">{niche.lead}</p>
      </header>
      {tiles.length > 0 ? (
        <section className="rounded-card bg-[#cfe3ec] p-3 sm:p-5" aria-label={t('landers.map.label', { country })}>
          <ol className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {tiles.map((tile, index) => (
              <li
                key={tile.region.id}
                // Every other row sits half a tile lower, so the tiles read as land rather than a table.
                className={`flex min-h-28 flex-col rounded-2xl bg-[#e9efd8] p-2 text-[#24331c] shadow-sm ${
                  index % 2 === 1 ? 'translate-y-3' : ''
                }`}
              >
                <span className="text-xs leading-tight font-semibold">{regionName(tile.region)}</span>
                {tile.members.length > 0 ? (
                  <ul className="mt-auto flex flex-col gap-1 pt-2">
                    {tile.members.map((member) => (
                      <li key={member.id} className="flex items-center gap-1.5">
                        <LanderPhoto
                          profile={member}
                          priority={member.id === firstPin}
                          className="size-9 shrink-0 rounded-full border-2 border-white"
                        />
                        <MemberCaption profile={{ ...member, city: null }} className="text-xs leading-tight" />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          <p className="mt-5 text-sm text-[#1d2b33]">{t('landers.map.hint', { people: niche.people })}</p>
        </section>
      ) : null}
      <LanderClose signup={signup} />
    </div>
  );
}
