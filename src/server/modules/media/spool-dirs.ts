import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'darefund-upload-';
/** No upload lasts this long; an older folder is a leftover whoever made it. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Uploads are spooled to a private folder under the OS temp dir first: storage only ever
 * receives checked, complete files, and ffmpeg needs a seekable file anyway. The folder
 * goes away whatever happens; its name carries our pid so that a folder left by a killed
 * process can be told from a live one (see removeStaleSpoolDirs).
 */
export async function withWorkDir<T>(task: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-`));
  try {
    return await task(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start: removes spool folders that no live upload can be using: those of processes that
 * are gone (or carry our own pid, reused after a restart), and any older than an hour (pids
 * are reused, e.g. every container's server is pid 1). Other instances' live folders stay.
 */
export async function removeStaleSpoolDirs(): Promise<number> {
  const root = tmpdir();
  const names = (await readdir(root).catch(() => [])).filter((name) => name.startsWith(PREFIX));
  let removed = 0;
  for (const name of names) {
    const path = join(root, name);
    const pid = Number(/^(\d+)-/.exec(name.slice(PREFIX.length))?.[1] ?? Number.NaN);
    const gone = Number.isInteger(pid) && (pid === process.pid || !isAlive(pid));
    const info = await stat(path).catch(() => null);
    if (!info?.isDirectory()) continue;
    if (!gone && Date.now() - info.mtimeMs < STALE_AFTER_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
