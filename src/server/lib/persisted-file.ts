import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The content of `file`, made by `make()` and written (mode 0600) the first time. Made for
 * secrets generated once into DATA_DIR (the session secret, the VAPID keys): two processes
 * starting at once must end up with the same one. So the content is written in full to a
 * file of its own, then hard-linked to `file`, which fails if `file` exists: exactly one
 * process creates it, and nobody ever reads it half-written. The loser reads the winner's.
 */
export function readOrCreateOnce(file: string, make: () => string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const content = make();
  writeFileSync(draft, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: an exclusive create is still one winner.
    if (code !== 'EEXIST') createExclusive(file, content);
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8');
}

function createExclusive(file: string, content: string) {
  try {
    writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
