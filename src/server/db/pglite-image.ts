import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fromRoot } from '../lib/project-root';

/**
 * A migrated PGlite cluster as a `dumpDataDir()` tarball (decision 0057). Creating a cluster
 * (initdb) costs PGlite about 2-5 s of CPU; loading this image about 0.4 s. It is made at
 * install time (scripts/postinstall.mjs, `npm run db:image`) and by the tests when missing.
 * Its name holds a hash of what decides its contents: PGlite's version, the extensions and
 * the migration files. Any change makes a new name, so a stale image is never loaded.
 */

/** The PGlite extensions every cluster loads; part of the image's key. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type ImagePlace = { migrationsFolder: string; cacheDir: string };

export const defaultImagePlace: ImagePlace = {
  migrationsFolder: fromRoot('drizzle'),
  cacheDir: fromRoot('node_modules', '.cache', 'darefund'),
};

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

/** Hash of PGlite's version, the extensions and every migration file (SQL and journal). */
export function imageKey(place: ImagePlace = defaultImagePlace): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  hash.update(`extensions ${Object.keys(PGLITE_EXTENSIONS).sort().join(',')}\n`);
  const sql = readdirSync(place.migrationsFolder).filter((name) => name.endsWith('.sql'));
  for (const name of sql.sort()) {
    hash.update(`${name}\n`);
    hash.update(readFileSync(join(place.migrationsFolder, name)));
  }
  hash.update(readFileSync(join(place.migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

export function imagePath(place: ImagePlace = defaultImagePlace): string {
  return join(place.cacheDir, `pglite-${imageKey(place)}.tar`);
}

/**
 * The image for the current migrations, or undefined when there is none. Kept in memory once
 * read: a test worker opens many databases, and a Blob is only read, never changed.
 */
const loaded = new Map<string, Blob>();
export async function readImage(place: ImagePlace = defaultImagePlace): Promise<Blob | undefined> {
  const path = imagePath(place);
  const cached = loaded.get(path);
  if (cached) return cached;
  try {
    const blob = new Blob([await readFile(path)]);
    loaded.set(path, blob);
    return blob;
  } catch {
    return undefined;
  }
}

/** The image file's bytes (no cache: a start unpacks it once), or undefined when missing. */
export function readImageFile(place: ImagePlace = defaultImagePlace): Buffer | undefined {
  try {
    return readFileSync(imagePath(place));
  } catch {
    return undefined;
  }
}

/** Writes the image whole (temp file, then rename): a reader never sees half of it. */
export async function writeImage(blob: Blob, place: ImagePlace = defaultImagePlace) {
  const path = imagePath(place);
  await writeCacheFile(path, blob);
  // Images of earlier migrations or PGlite versions are of no use any more.
  await removeCacheFiles(place.cacheDir, (name) => /^pglite-[0-9a-f]{16}\.tar$/.test(name), path);
  return path;
}

/** `blob` written to `path` whole: a temp file renamed into place. */
export async function writeCacheFile(path: string, blob: Blob) {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, Buffer.from(await blob.arrayBuffer()));
  await rename(temp, path);
}

/** Removes the files of `cacheDir` whose names `matches`, except `keep`. */
export async function removeCacheFiles(
  cacheDir: string,
  matches: (name: string) => boolean,
  keep: string,
) {
  for (const name of readdirSync(cacheDir)) {
    const full = join(cacheDir, name);
    if (matches(name) && full !== keep) await rm(full, { force: true });
  }
}

const LOCK_STALE_MS = 120_000;
const LOCK_GIVE_UP_MS = 180_000;

/**
 * The image, made by `make` when missing (a clone whose postinstall did not run). Processes
 * doing this at once (test workers) take turns on a lock file: one makes it, the others wait
 * and read it. Undefined when it cannot be made or written: the caller then runs initdb.
 */
export async function ensureImage(
  make: () => Promise<Blob>,
  place: ImagePlace = defaultImagePlace,
): Promise<Blob | undefined> {
  const lock = `${imagePath(place)}.lock`;
  const started = Date.now();
  try {
    await mkdir(place.cacheDir, { recursive: true });
    while (Date.now() - started < LOCK_GIVE_UP_MS) {
      const image = await readImage(place);
      if (image) return image;
      const held = await open(lock, 'wx').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return null;
        throw error;
      });
      if (held) {
        try {
          const image = (await readImage(place)) ?? (await make());
          await writeImage(image, place);
          return image;
        } finally {
          await held.close();
          await rm(lock, { force: true });
        }
      }
      // A lock left by a process that died while making the image.
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > LOCK_STALE_MS) await rm(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch {
    // A read-only node_modules, a full disk: a database still starts, only slower.
  }
  return undefined;
}
