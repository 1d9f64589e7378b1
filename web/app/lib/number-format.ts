import { madeOnce } from './made-once';

// Making a formatter costs far more than formatting with one, and a page's first loads the
// browser's locale data (issue 17): the credits page made 72 as it loaded. One per language and options.
const madeFor = madeOnce((key: string) => {
  const [regional, options] = JSON.parse(key) as [string, Intl.NumberFormatOptions];
  return new Intl.NumberFormat(regional, options);
});

/** The number formatter for this regional code and these options, made once. Throws for an unknown currency, as Intl does. */
export function numberFormat(regional: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return madeFor(JSON.stringify([regional, options]));
}
