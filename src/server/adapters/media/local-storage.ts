import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeForExtension } from './media-types';
import type { ByteRange, MediaStorage, StoredObject } from './storage';

/** Media as files under DATA_DIR/media; the extension (from sniffed bytes) gives the type. */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private path(key: string) {
    return join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const partial = `${target}.partial`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(partial, body);
      else await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const contentType = contentTypeForExtension(key);
    if (!contentType) return null;
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size, contentType, modifiedAt: info.mtime } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(key), range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
