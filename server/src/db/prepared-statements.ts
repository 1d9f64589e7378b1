/**
 * SQL texts that PostgreSQL keeps prepared on each connection, under a name: the few queries of
 * nearly every request (db/precompiled.ts). A named statement is parsed and planned once per
 * connection; any other query is parsed and planned on every call. Only the text of a query
 * whose values all travel as parameters may be registered, so the set stays small.
 */
const names = new Map<string, string>();

export function keepPrepared(sqlText: string): void {
  if (!names.has(sqlText)) names.set(sqlText, `rv_prepared_${names.size + 1}`);
}

export function preparedName(sqlText: string): string | undefined {
  return names.get(sqlText);
}
