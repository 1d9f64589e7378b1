/**
 * A small seeded PRNG (mulberry32) so demo data is the same on every run with the
 * same starting point; Math.random would make bug reports against seeded data unreproducible.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks an index with probability proportional to its weight, given the running totals. */
  pickWeighted<T>(items: readonly T[], cumulativeWeights: readonly number[]): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick,
    pickWeighted: (items, cumulativeWeights) => {
      const total = cumulativeWeights[cumulativeWeights.length - 1] ?? 0;
      const target = next() * total;
      // Binary search: the region lists of large countries make a linear scan show up in profiles.
      let low = 0;
      let high = cumulativeWeights.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulativeWeights[middle] ?? 0) > target) high = middle;
        else low = middle + 1;
      }
      return items[low] ?? pick(items);
    },
  };
}

/** Running totals for `pickWeighted`. */
export function cumulative(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((weight) => (sum += weight));
}
