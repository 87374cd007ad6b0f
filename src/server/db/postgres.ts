// The Postgres side of db/client.ts and db/migrate.ts (DATABASE_URL), loaded only then: the
// pg driver and drizzle's node-postgres adapter are not needed with PGlite.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './client';
import { STARTUP_LOCK_ID } from './startup-lock';

// Postgres returns bigint (count(*), sum()) as strings; our sums fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can be cut by the server (restart, failover): the pool drops it
  // and opens another on next use. Without a listener that event would crash the process.
  pool.on('error', () => {});
  // Fail fast with a clear error instead of on the first request.
  await pool.query('select 1');
  return {
    db: drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db,
    kind: 'postgres',
    url,
    close: () => closePool(pool),
    ping: (timeoutMs) => pingPool(pool, timeoutMs),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    listen: (channel, onPayload, onReconnect) => listenPg(url, channel, onPayload, onReconnect),
  };
}

/**
 * `select 1` through the app's own pool, so a pass also says the pool reconnected after an
 * outage. pg's per-query read timeout (not in its types) fails a query that hangs and makes
 * the pool destroy that connection instead of reusing it.
 */
async function pingPool(pool: pg.Pool, timeoutMs: number): Promise<void> {
  const query = { text: 'select 1', query_timeout: timeoutMs };
  await pool.query(query as pg.QueryConfig);
}

/**
 * Applies pending migrations. Several instances may start at once, so the migration runs on
 * its own connection holding the startup advisory lock (startup-lock.ts, the demo seed's too).
 */
export async function migratePostgres(url: string, migrationsFolder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
    await client.end();
  }
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
