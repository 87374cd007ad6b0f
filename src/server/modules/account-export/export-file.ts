import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export type SpooledFile = { stream: Readable; size: number };

/**
 * Writes a file through `write` and gives it back as a stream to send. The file is unlinked
 * the moment it is opened: only the open handle keeps its bytes, so nothing with someone's
 * data is left in the temp folder, whatever ends the process. Written to disk rather than
 * memory so a large account costs disk, not heap; sent after the database work is over so a
 * slow download never holds a connection or a transaction open.
 */
export async function spoolFile(
  write: (append: (text: string) => Promise<void>) => Promise<void>,
): Promise<SpooledFile> {
  const dir = await mkdtemp(join(tmpdir(), 'darefund-export-'));
  const handle = await open(join(dir, 'export.json'), 'w+', 0o600).finally(() =>
    rm(dir, { recursive: true, force: true }),
  );
  let size = 0;
  try {
    await write(async (text) => {
      // writeFile on a handle writes at the current position and loops until all is written.
      await handle.writeFile(text);
      size += Buffer.byteLength(text);
    });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return { stream: handle.createReadStream({ start: 0, autoClose: true }), size };
}
