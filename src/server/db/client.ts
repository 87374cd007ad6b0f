import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver behind one type: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted wherever a Db is (drizzle transactions are databases too). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server address when kind is postgres. */
  url?: string;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  /** PGlite data folder; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
};

// Postgres returns bigint (count(*), sum()) as strings; our sums fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle connection can be cut by the server (restart, failover): the pool drops it
    // and opens another on next use. Without a listener that event would crash the process.
    pool.on('error', () => {});
    // Fail fast with a clear error instead of on the first request.
    await pool.query('select 1');
    return {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'postgres',
      url: options.databaseUrl,
      close: () => closePool(pool),
    };
  }
  const location = pgliteLocation(options.dataDir);
  const client = await PGlite.create(location, {
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
  });
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/**
 * pool.end() resolves before its sockets are gone; wait (briefly) until every connection
 * is removed so a caller that drops the database next does not cut live connections.
 */
async function closePool(pool: pg.Pool): Promise<void> {
  await pool.end();
  for (let waited = 0; pool.totalCount > 0 && waited < 2000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function pgliteLocation(dataDir: string | undefined): string | undefined {
  if (!dataDir || dataDir.startsWith('memory://')) return undefined;
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return dir;
}
