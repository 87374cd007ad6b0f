import { createWriteStream } from 'node:fs';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type MediaKind,
  SNIFF_BYTES,
  type SniffedType,
  sniffMediaType,
} from '../../adapters/media/media-types';
import { AppError, badRequest, tooLarge } from '../../lib/errors';

export type UploadRules = {
  kind: MediaKind;
  maxBytes: number;
  tooLargeMessage: string;
  invalidMessage: string;
  interruptedMessage: string;
};

/**
 * Passes an upload through while checking it: the first bytes must sniff as the expected
 * kind and the total must stay within the limit. It fails as soon as either is broken, so
 * a refused upload is never read (or written) further than needed.
 */
export class UploadGuard extends Transform {
  type: SniffedType | undefined;
  size = 0;
  private head: Buffer | null = Buffer.alloc(0);

  constructor(private readonly rules: UploadRules) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.rules.maxBytes) return done(tooLarge(this.rules.tooLargeMessage));
    if (!this.head) return done(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < SNIFF_BYTES) return done();
    this.releaseHead(done);
  }

  override _flush(done: TransformCallback) {
    // A file shorter than SNIFF_BYTES: judge it by what there is.
    if (this.head) this.releaseHead(done);
    else done();
  }

  private releaseHead(done: TransformCallback) {
    const head = this.head ?? Buffer.alloc(0);
    this.head = null;
    const type = sniffMediaType(head);
    if (!type || type.kind !== this.rules.kind) {
      return done(badRequest(this.rules.invalidMessage, 'invalid_file'));
    }
    this.type = type;
    done(null, head);
  }
}

export type SpooledFile = { path: string; type: SniffedType; size: number };

/**
 * Streams an upload to a local file through an UploadGuard, until done or `signal` aborts.
 * Only checked, complete files come out; on any failure the caller's work folder (and the partial file in it) is
 * removed by the caller. Errors of the incoming stream (a client that went away, broken
 * multipart) become a 400 instead of a logged 500.
 */
export async function spoolUpload(
  source: Readable,
  path: string,
  rules: UploadRules,
  signal?: AbortSignal,
): Promise<SpooledFile> {
  const guard = new UploadGuard(rules);
  let sourceFailed = false;
  source.once('error', () => {
    sourceFailed = true;
  });
  try {
    await pipeline(source, guard, createWriteStream(path), { signal });
  } catch (error) {
    // Cut short on purpose (the server is shutting down): the reason is the answer.
    if (signal?.aborted && signal.reason instanceof AppError) throw signal.reason;
    if (error instanceof AppError) throw error;
    if (sourceFailed) throw badRequest(rules.interruptedMessage, 'upload_interrupted');
    throw error;
  }
  // Unreachable (the guard refuses what it could not sniff); it narrows the type.
  if (!guard.type) throw badRequest(rules.invalidMessage, 'invalid_file');
  return { path, type: guard.type, size: guard.size };
}
