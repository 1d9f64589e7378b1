import { madeOnce } from './made-once';

// One collator per language, made on first use: the first one a page makes loads the browser's
// collation data, a long task on a phone (issue 17), and `localeCompare` with a language makes a
// new one for every comparison.
const collator = madeOnce((regional: string) => new Intl.Collator(regional));

/**
 * The items in the order a reader of the language expects their names, a new array. The order is
 * the language's, not the browser's or the server's own, so a list the server rendered hydrates
 * unchanged.
 */
export function inNameOrder<T>(items: readonly T[], regional: string, nameOf: (item: T) => string): T[] {
  if (items.length < 2) return [...items];
  const { compare } = collator(regional);
  return [...items].sort((a, b) => compare(nameOf(a), nameOf(b)));
}
