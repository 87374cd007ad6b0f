import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { runMigrations } from './migrate';
import { ensureImage, PGLITE_EXTENSIONS, readImage, readImageFile } from './pglite-image';
import { untar } from './untar';

/**
 * Either driver behind one type: services never know which database they talk to. Opened
 * without the schema: nothing uses Drizzle's relational queries (db.query.*), and with the
 * schema every transaction built a query builder per table (decision 0060).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, accepted wherever a Db is (drizzle transactions are databases too). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The connection pool's state right now (Postgres; PGlite has no pool). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server address when kind is postgres. */
  url?: string;
  close: () => Promise<void>;
  /** PGlite: how the cluster came to be this time (logged by the start, startup-clock.ts). */
  origin?: 'image' | 'demo image' | 'initdb' | 'existing';
  /** PGlite only: the whole cluster as a tarball (pglite-image.ts). */
  dumpDataDir?: () => Promise<Blob>;
  /** Postgres only: read at scrape time by the pool gauges (metrics/app-metrics.ts). */
  poolStats?: () => PoolStats;
  /**
   * One `select 1` (readiness, /readyz). Postgres: a pooled connection whose answer does not
   * come within `timeoutMs` is dropped rather than handed back to the pool; the caller bounds
   * the wait for a connection itself.
   */
  ping: (timeoutMs: number) => Promise<void>;
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
  /**
   * PGlite: a new cluster starts from the migrated image (pglite-image.ts) when there is one
   * ('if-present', the default), made first when missing ('ensure', the tests: many databases
   * per run), or runs initdb ('none', the image's own maker).
   */
  image?: 'if-present' | 'ensure' | 'none';
  /**
   * PGlite: the file of the archive a new cluster starts from instead of the migrated image:
   * the demo image, a cluster already seeded (seed/demo-image.ts). Read only for a new
   * cluster; an existing one ignores it.
   */
  seededImage?: string;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only when used: the pg driver is not needed with PGlite.
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.poolSize);
  }
  const { client, origin } = await openPglite(
    options.dataDir,
    options.image ?? 'if-present',
    options.seededImage,
  );
  return {
    db: drizzlePglite(client, { casing: 'snake_case' }) as unknown as Db,
    kind: 'pglite',
    origin,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
  };
}

/**
 * PGlite's start parameters, with a smaller shared memory than initdb's postgresql.conf
 * (128 MB of buffers, 100 connections) sized for a server of many backends: PGlite is one
 * backend, and zeroing that memory was half of every open (about 0.45 s of 1 s, and 100 MB
 * of resident memory; decision 0059). The data either lives in memory or in files the OS
 * caches, so a buffer miss costs a copy, not a disk read.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=32MB', '-c', 'max_connections=10'],
];

/**
 * PGlite's 9 MB of WebAssembly run on V8's baseline compiler (Liftoff) only, set before the
 * first module compiles. By default V8 also recompiles the hot functions with its optimizing
 * compiler on background threads; on two cores that work competed with the start itself
 * (the main thread waited on it for 100-200 ms at a time), and queries ran 3 times slower
 * for the first seconds, while later ones are no faster for it: PGlite's time goes to its
 * JavaScript glue and protocol, not to long loops in WebAssembly (decision 0059).
 */
let wasmBaselineOnly = false;
function compileWasmWithBaselineOnly() {
  if (wasmBaselineOnly) return;
  setFlagsFromString('--liftoff-only');
  wasmBaselineOnly = true;
}

function createPglite(location: string | undefined, image?: Blob) {
  compileWasmWithBaselineOnly();
  return PGlite.create(location, {
    startParams: PGLITE_START_PARAMS,
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
    // Search's trigram indexes (drizzle/0007_search_indexes.sql); on a Postgres server the
    // extension ships with the server package.
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: image,
  });
}

async function openPglite(
  dataDir: string | undefined,
  mode: DatabaseOptions['image'],
  seededImagePath: string | undefined,
) {
  const location = pgliteLocation(dataDir);
  const isNew = !location || !existsSync(join(location, 'PG_VERSION'));
  const seededImage = isNew && seededImagePath ? readFileOrNothing(seededImagePath) : undefined;
  if (!isNew || (mode === 'none' && !seededImage)) {
    return { client: await createPglite(location), origin: isNew ? 'initdb' : 'existing' } as const;
  }
  const origin = seededImage ? 'demo image' : 'image';
  if (!location) {
    const image = seededImage ? new Blob([new Uint8Array(seededImage)]) : await imageFor(mode);
    return {
      client: await createPglite(undefined, image),
      origin: image ? origin : 'initdb',
    } as const;
  }
  const archive = seededImage ?? (await imageBytesFor(mode));
  if (!archive) return { client: await createPglite(location), origin: 'initdb' } as const;
  await restoreImage(location, archive);
  return { client: await createPglite(location), origin } as const;
}

function imageFor(mode: DatabaseOptions['image']): Promise<Blob | undefined> {
  return mode === 'ensure' ? ensureImage(makeImage) : readImage();
}

/** The image as bytes to unpack; a start reads the file straight (no Blob copies). */
async function imageBytesFor(mode: DatabaseOptions['image']): Promise<Buffer | undefined> {
  if (mode !== 'ensure') return readImageFile();
  const image = await ensureImage(makeImage);
  return image && Buffer.from(await image.arrayBuffer());
}

/** A migrated cluster made the slow way, dumped: the image (`npm run db:image`). */
export async function makeImage(): Promise<Blob> {
  const database = await openDatabase({ dataDir: 'memory://', image: 'none' });
  try {
    await runMigrations(database);
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

/**
 * Unpacks the image into a folder beside `location` and renames it into place: a start
 * killed half-way leaves no half-made cluster behind, only a `.loading-` folder, removed by
 * the next start.
 */
async function restoreImage(location: string, archive: Buffer) {
  const parent = dirname(location);
  const prefix = `${basename(location)}.loading-`;
  for (const name of readdirSync(parent)) {
    if (name.startsWith(prefix)) await rm(join(parent, name), { recursive: true, force: true });
  }
  const temp = join(parent, `${prefix}${process.pid}`);
  try {
    untar(archive, temp);
  } catch {
    // Not the plain archive untar knows: PGlite unpacks it (slower).
    await rm(temp, { recursive: true, force: true });
    const client = await createPglite(temp, new Blob([new Uint8Array(archive)]));
    await client.close();
  }
  // No PG_VERSION: a folder left empty, or by an initdb that did not finish.
  await rm(location, { recursive: true, force: true });
  await rename(temp, location);
}

function readFileOrNothing(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function pgliteLocation(dataDir: string | undefined): string | undefined {
  if (!dataDir || dataDir.startsWith('memory://')) return undefined;
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, 'pglite');
}
