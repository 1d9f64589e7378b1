import type { CompiledQuery, Compilable } from 'kysely';
import type { Db } from './database.js';
import { dialectOf } from './dialect.js';
import { keepPrepared } from './prepared-statements.js';

/** Stands in for an argument (or one item of an array argument) while a query is compiled. */
class Slot {
  constructor(
    readonly argument: number,
    readonly item?: number,
  ) {}
}

interface Compiled {
  query: CompiledQuery;
  /** Where each parameter of the compiled SQL comes from: an argument, an item of one, or a constant. */
  parameters: (Slot | { constant: unknown })[];
}

/**
 * A query that Kysely builds and compiles once per database rather than on every call: for the
 * few queries that run on nearly every request (the session, a search answer's likes and blocks),
 * where building and compiling costs more than SQLite takes to answer. `build` must only hand its
 * arguments to the query as values, never branch on them: it runs once, with stand-ins. An
 * array argument's length is part of the SQL (`in (?, ?, …)`), so each length compiles once.
 */
export function precompiled<Args extends readonly unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  // Per database, since the SQL is its dialect's; a finished transaction's entry goes with it.
  const byDb = new WeakMap<Db, Map<string, Compiled>>();

  function compile(db: Db, args: Args): Compiled {
    const slots = args.map((arg, argument) =>
      Array.isArray(arg) ? arg.map((_, item) => new Slot(argument, item)) : new Slot(argument),
    );
    const query = build(db, ...(slots as unknown as Args)).compile();
    if (dialectOf(db) === 'postgres') keepPrepared(query.sql);
    return {
      query,
      parameters: query.parameters.map((parameter) =>
        parameter instanceof Slot ? parameter : { constant: parameter },
      ),
    };
  }

  return async (db, ...args) => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    const shape = args.map((arg) => (Array.isArray(arg) ? arg.length : '')).join(',');
    let compiled = shapes.get(shape);
    if (!compiled) shapes.set(shape, (compiled = compile(db, args)));
    const parameters = compiled.parameters.map((source) => {
      if (!(source instanceof Slot)) return source.constant;
      const arg = args[source.argument];
      return source.item === undefined ? arg : (arg as readonly unknown[])[source.item];
    });
    const { rows } = await db.executeQuery<Row>({ ...compiled.query, parameters } as CompiledQuery<Row>);
    return rows;
  };
}
