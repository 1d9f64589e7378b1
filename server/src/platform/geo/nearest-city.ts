/** A place someone says they live in, with the ISO 3166-2 suffix of the region it counts under. */
export interface Town {
  name: string;
  regionCode: string | null;
  lat: number;
  lon: number;
}

export interface NearestTown {
  town: Town;
  distanceKm: number;
  /** How many towns the lookup compared: the grid's whole point is keeping this small. */
  examined: number;
}

export interface TownIndex {
  /** The town of `country` nearest to the point, or null when the country has none. */
  nearest(country: string, lat: number, lon: number): NearestTown | null;
}

interface CountryGrid {
  cells: Map<number, Town[]>;
  minLatCell: number;
  maxLatCell: number;
  minLonCell: number;
  maxLonCell: number;
}

const EARTH_RADIUS_KM = 6371;
const RADIANS = Math.PI / 180;

const latCell = (lat: number) => Math.floor(lat);
/** Columns 0..359; longitude wraps, so 180° and -180° share one. */
const wrapColumn = (column: number) => ((column % 360) + 360) % 360;
const lonCell = (lon: number) => Math.floor(wrapColumn(lon + 180));
const cellKey = (latIndex: number, lonIndex: number) => (latIndex + 90) * 360 + lonIndex;
/** Longitude difference the short way round, in -180..180. */
const lonDelta = (from: number, to: number) => ((((to - from + 180) % 360) + 360) % 360) - 180;

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = lonDelta(lon1, lon2) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function buildGrid(towns: readonly Town[]): CountryGrid {
  const grid: CountryGrid = {
    cells: new Map(),
    minLatCell: Infinity,
    maxLatCell: -Infinity,
    minLonCell: Infinity,
    maxLonCell: -Infinity,
  };
  for (const town of towns) {
    const row = latCell(town.lat);
    const column = lonCell(town.lon);
    const key = cellKey(row, column);
    const cell = grid.cells.get(key);
    if (cell) cell.push(town);
    else grid.cells.set(key, [town]);
    grid.minLatCell = Math.min(grid.minLatCell, row);
    grid.maxLatCell = Math.max(grid.maxLatCell, row);
    grid.minLonCell = Math.min(grid.minLonCell, column);
    grid.maxLonCell = Math.max(grid.maxLonCell, column);
  }
  return grid;
}

/**
 * Nearest-town lookups over a 1°×1° grid per country, searched ring by ring outwards from
 * the point's cell. A country's grid is built on its first lookup and kept: reading its towns
 * from the package (150,000 places, the seed's region rules) takes up to about 100 ms, while
 * a lookup in the grid typically compares a few hundred towns and takes microseconds.
 */
export function createTownIndex(loadTowns: (country: string) => readonly Town[]): TownIndex {
  const grids = new Map<string, CountryGrid>();

  function gridOf(country: string): CountryGrid {
    let grid = grids.get(country);
    if (!grid) {
      grid = buildGrid(loadTowns(country));
      grids.set(country, grid);
    }
    return grid;
  }

  return {
    nearest(country, lat, lon) {
      const grid = gridOf(country);
      if (grid.cells.size === 0) return null;

      // Ranking uses the flat-earth distance at the point's latitude, in degrees: it orders nearby
      // towns as great-circle distance does, and bounds a whole cell or ring without a trigonometric call.
      const lonScale = Math.cos(lat * RADIANS);
      const x = wrapColumn(lon + 180);
      const row = latCell(lat);
      const column = lonCell(lon);
      // Beyond this many rings no cell of the country is left (the column span is unwrapped, so an upper bound).
      const lastRing = Math.max(
        Math.abs(row - grid.minLatCell),
        Math.abs(row - grid.maxLatCell),
        Math.min(180, Math.max(Math.abs(column - grid.minLonCell), Math.abs(column - grid.maxLonCell))),
      );

      let best: Town | undefined;
      let bestSquared = Infinity;
      let examined = 0;
      // A cell is skipped when even its nearest edge is farther than the best town so far.
      const visit = (cellRow: number, cellColumn: number) => {
        if (cellRow < grid.minLatCell || cellRow > grid.maxLatCell) return;
        const wrapped = wrapColumn(cellColumn);
        const towns = grid.cells.get(cellKey(cellRow, wrapped));
        if (!towns) return;
        const latGap = cellRow > row ? cellRow - lat : cellRow < row ? lat - (cellRow + 1) : 0;
        // Round the globe either way, whichever reaches the cell sooner.
        const lonGap = wrapped === column ? 0 : Math.min(wrapColumn(wrapped - x), wrapColumn(x - wrapped - 1));
        if (latGap ** 2 + (lonGap * lonScale) ** 2 > bestSquared) return;
        for (const town of towns) {
          examined += 1;
          const squared = (town.lat - lat) ** 2 + (lonDelta(lon, town.lon) * lonScale) ** 2;
          if (squared < bestSquared) {
            bestSquared = squared;
            best = town;
          }
        }
      };

      for (let ring = 0; ring <= lastRing; ring += 1) {
        // Every cell of this ring is at least ring - 1 whole cells away in one direction.
        const ringGap = Math.max(0, ring - 1) * Math.min(1, lonScale);
        if (ringGap ** 2 > bestSquared) break;
        if (ring === 0) {
          visit(row, column);
          continue;
        }
        for (let step = -ring; step <= ring; step += 1) {
          visit(row - ring, column + step);
          visit(row + ring, column + step);
        }
        for (let step = -ring + 1; step <= ring - 1; step += 1) {
          visit(row + step, column - ring);
          visit(row + step, column + ring);
        }
      }

      if (!best) return null;
      return { town: best, distanceKm: haversineKm(lat, lon, best.lat, best.lon), examined };
    },
  };
}
