/**
 * Standard VAT rates by the buyer's country, in basis points (2100 = 21 %), each from the day it
 * applies. Credits are an electronically supplied service to consumers, so EU VAT is due at the
 * buyer's country's rate (one-stop shop); the list is the EU's published OSS standard rates,
 * checked for 2026. A rate change is a new entry with its date, never an edit: orders keep the
 * rate they were sold at, and a price quoted before midnight stays explainable after it.
 *
 * Outside the EU only the countries where an operator of this kind must charge VAT or GST on
 * digital services to consumers are listed (GB, AU, NZ). Any other country answers 0: no VAT is
 * charged there, so the whole price is net (an operator that registers elsewhere adds it here).
 */
const RATES: Record<string, readonly { from: string; bp: number }[]> = {
  AT: [{ from: '2016-01-01', bp: 2000 }],
  BE: [{ from: '1996-01-01', bp: 2100 }],
  BG: [{ from: '2007-01-01', bp: 2000 }],
  CY: [{ from: '2014-01-13', bp: 1900 }],
  CZ: [{ from: '2013-01-01', bp: 2100 }],
  DE: [{ from: '2021-01-01', bp: 1900 }],
  DK: [{ from: '1992-01-01', bp: 2500 }],
  EE: [
    { from: '2024-01-01', bp: 2200 },
    { from: '2025-07-01', bp: 2400 },
  ],
  ES: [{ from: '2012-09-01', bp: 2100 }],
  FI: [
    { from: '2013-01-01', bp: 2400 },
    { from: '2024-09-01', bp: 2550 },
  ],
  FR: [{ from: '2014-01-01', bp: 2000 }],
  GR: [{ from: '2016-06-01', bp: 2400 }],
  HR: [{ from: '2013-07-01', bp: 2500 }],
  HU: [{ from: '2012-01-01', bp: 2700 }],
  IE: [{ from: '2021-03-01', bp: 2300 }],
  IT: [{ from: '2013-10-01', bp: 2200 }],
  LT: [{ from: '2009-09-01', bp: 2100 }],
  LU: [
    { from: '2023-01-01', bp: 1600 },
    { from: '2024-01-01', bp: 1700 },
  ],
  LV: [{ from: '2011-07-01', bp: 2100 }],
  MT: [{ from: '2004-05-01', bp: 1800 }],
  NL: [{ from: '2012-10-01', bp: 2100 }],
  PL: [{ from: '2011-01-01', bp: 2300 }],
  PT: [{ from: '2011-01-01', bp: 2300 }],
  RO: [
    { from: '2017-01-01', bp: 1900 },
    { from: '2025-08-01', bp: 2100 },
  ],
  SE: [{ from: '1990-07-01', bp: 2500 }],
  SI: [{ from: '2013-07-01', bp: 2200 }],
  SK: [
    { from: '2011-01-01', bp: 2000 },
    { from: '2025-01-01', bp: 2300 },
  ],
  GB: [{ from: '2011-01-04', bp: 2000 }],
  AU: [{ from: '2000-07-01', bp: 1000 }],
  NZ: [{ from: '2010-10-01', bp: 1500 }],
};

/** The standard rate in basis points for a buyer in `country` on `date` (the UTC day). */
export function rateOn(country: string, date: Date): number {
  const day = date.toISOString().slice(0, 10);
  const applying = (RATES[country] ?? []).filter((rate) => rate.from <= day);
  return applying.at(-1)?.bp ?? 0;
}

export interface VatSplit {
  net: number;
  vat: number;
  gross: number;
}

/**
 * Splits a VAT-inclusive price in minor units: vat = round(gross × rate / (1 + rate)), half up,
 * and net is the rest, so net + vat is always exactly what the member paid.
 */
export function splitGross(gross: number, rateBp: number): VatSplit {
  if (!Number.isInteger(gross) || !Number.isInteger(rateBp)) throw new Error('Amounts are integers');
  const denominator = 10_000 + rateBp;
  // Integer arithmetic: round half up without trusting a float at exactly .5.
  const vat = Math.floor((2 * gross * rateBp + denominator) / (2 * denominator));
  return { net: gross - vat, vat, gross };
}
