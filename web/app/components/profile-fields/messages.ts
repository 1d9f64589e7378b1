import { MIN_AGE } from '@rendezvous/contract';

/** Interpolation for any field message: the date-of-birth one names the minimum age (spec §5). */
export const MIN_AGE_PARAMS = { min_age: MIN_AGE } as const;
