import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** What Drizzle's prepare() gives for any query builder: the built statement, run with values. */
type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Prepared<R> };

/** The driver's client a session runs on: the pool, a pooled connection in a transaction, PGlite. */
const clientOf = (db: Db) => (db._.session as unknown as { client: unknown }).client;

/**
 * A statement Drizzle builds once and runs many times, its changing values given by
 * `sql.placeholder(name)` (wrapped in sql`` where a column's type refuses it: an update's
 * set). Building a statement walks every column, join and condition through Drizzle's type
 * checks: 40 to 130 µs of the server's one thread each time, about a third of its work in
 * the pledge flow (decision 0060). Only the text and the row mapping
 * are kept; each run goes to the database or transaction it is given, so it holds no
 * connection between runs and concurrent runs share nothing but the built text.
 *
 * Unnamed, as Drizzle's own statements: Postgres parses and plans it on every run, as
 * before. One build per driver (a pg and a PGlite session build alike but run differently).
 */
export function reusableStatement<R>(
  build: (db: Db) => Preparable<R>,
): (db: Db, values: Record<string, unknown>) => Promise<R> {
  const builtPerDriver = new Map<unknown, Prepared<R>>();
  return (db, values) => {
    const driver = db._.session.constructor;
    let built = builtPerDriver.get(driver);
    if (!built) {
      // An empty name keeps the statement unnamed (node-postgres names only a non-empty one).
      built = build(db).prepare('');
      builtPerDriver.set(driver, built);
    }
    // The built statement with this run's client in front: nothing shared is changed.
    const run = Object.create(built, { client: { value: clientOf(db) } }) as Prepared<R>;
    return run.execute(values);
  };
}

/** Turns SQL text into the statement and its parameters; it holds no state of its own. */
const dialect = new PgDialect();

/**
 * reusableStatement for a statement written as SQL (a CTE, INSERT … SELECT) rather than
 * through a query builder: `build` gives it with `sql.placeholder(name)` for what changes.
 * It answers as `db.execute` does: the driver's result, its rows unmapped.
 */
export function reusableSql<Row = Record<string, unknown>>(
  build: (db: Db) => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<{ rows: Row[] }> {
  return reusableStatement((db) => ({
    prepare: (name) =>
      db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
        dialect.sqlToQuery(build(db)),
        undefined,
        name,
        false,
      ),
  }));
}
