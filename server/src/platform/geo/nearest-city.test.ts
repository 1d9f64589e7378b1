import { describe, expect, it } from 'vitest';
import { knownTownsOf } from './known-towns.js';
import { createTownIndex, type Town } from './nearest-city.js';

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** The slow scan the index replaces, with the same flat-earth ranking at the point's latitude. */
function scanNearest(towns: readonly Town[], lat: number, lon: number): Town | undefined {
  const scale = Math.cos((lat * Math.PI) / 180);
  const lonDelta = (value: number) => ((((value - lon + 180) % 360) + 360) % 360) - 180;
  let best: Town | undefined;
  let bestSquared = Infinity;
  for (const town of towns) {
    const squared = (town.lat - lat) ** 2 + (lonDelta(town.lon) * scale) ** 2;
    if (squared < bestSquared) {
      bestSquared = squared;
      best = town;
    }
  }
  return best;
}

describe('town index', () => {
  it('finds the same town as a full scan, across the antimeridian and near the poles too', () => {
    const next = random(42);
    const towns: Town[] = Array.from({ length: 2_000 }, (_, i) => ({
      name: `town-${i}`,
      regionCode: null,
      lat: -85 + next() * 170,
      lon: -180 + next() * 360,
    }));
    // Clusters where wrapping and crowding matter most.
    for (let i = 0; i < 200; i += 1) {
      towns.push({ name: `fiji-${i}`, regionCode: null, lat: -19 + next() * 4, lon: 177 + next() * 6 - (i % 2) * 360 });
      towns.push({ name: `north-${i}`, regionCode: null, lat: 78 + next() * 10, lon: -180 + next() * 360 });
    }
    const index = createTownIndex(() => towns);
    for (let i = 0; i < 500; i += 1) {
      const lat = -89 + next() * 178;
      const lon = i % 3 === 0 ? 179.5 + next() - (i % 2) * 359.5 : -180 + next() * 360;
      expect(index.nearest('XX', lat, lon)?.town, `${lat},${lon}`).toBe(scanNearest(towns, lat, lon));
    }
  });

  it('answers null for a country without towns', () => {
    expect(createTownIndex(() => []).nearest('XX', 0, 0)).toBeNull();
  });

  it('builds a country once and keeps it, comparing only a small share of its towns per lookup', () => {
    const loads: string[] = [];
    const index = createTownIndex((country) => {
      loads.push(country);
      return knownTownsOf(country);
    });
    const total = knownTownsOf('US').length;
    const next = random(7);
    let mostExamined = 0;
    // Around New York, Chicago and Los Angeles, where the towns are densest.
    const centres: [number, number][] = [
      [40.7, -74],
      [41.9, -87.6],
      [34.05, -118.25],
    ];
    for (let i = 0; i < 1_000; i += 1) {
      const [lat, lon] = centres[i % centres.length]!;
      const found = index.nearest('US', lat + next() - 0.5, lon + next() - 0.5);
      expect(found).not.toBeNull();
      mostExamined = Math.max(mostExamined, found!.examined);
    }
    index.nearest('NL', 52.37, 4.89);
    expect(loads).toEqual(['US', 'NL']);
    expect(mostExamined).toBeLessThan(total / 20);
  });
});
