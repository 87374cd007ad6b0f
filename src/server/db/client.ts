import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  /**
   * LISTEN on `channel`: `onPayload` gets every NOTIFY payload, `onReconnect` runs after a
   * lost listening connection is back (notifications in between are gone: catch up).
   * Postgres: a dedicated connection outside the pool. PGlite: in process.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
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
      listen: (channel, onPayload, onReconnect) =>
        listenPg(options.databaseUrl!, channel, onPayload, onReconnect),
    };
  }
  const location = pgliteLocation(options.dataDir);
  const client = await PGlite.create(location, {
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
    // Search's trigram indexes (drizzle/0007_search_indexes.sql); on a Postgres server the
    // extension ships with the server package.
    extensions: { pg_trgm },
  });
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
  };
}

const LISTEN_RETRY_MS = 1000;

/** A dedicated LISTEN connection that comes back after a restart or a cut connection. */
async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async (first: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => onPayload(message.payload ?? ''));
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      setTimeout(() => void retry(), LISTEN_RETRY_MS);
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '')}"`);
    client = next;
    if (!first) onReconnect?.();
  };
  const retry = async () => {
    if (stopped) return;
    await connect(false).catch(() => setTimeout(() => void retry(), LISTEN_RETRY_MS));
  };
  await connect(true);
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
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
