import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from '@/server/adapters/media/create-storage';
import { transcodeArgs } from '@/server/adapters/media/ffmpeg-processor';
import { LocalMediaStorage } from '@/server/adapters/media/local-storage';
import { sniffMediaType } from '@/server/adapters/media/media-types';
import { S3MediaStorage } from '@/server/adapters/media/s3-storage';
import { spoolUpload, type UploadRules } from '@/server/modules/media/spool';

const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')]);
const rules: UploadRules = {
  kind: 'video',
  maxBytes: 100,
  tooLargeMessage: 'too large',
  invalidMessage: 'Invalid File',
  interruptedMessage: 'interrupted',
};
/** An MP4-looking upload of `size` bytes, delivered in chunks of `chunk` bytes. */
function upload(size: number, chunk = 7) {
  const bytes = Buffer.concat([MP4_HEAD, Buffer.alloc(Math.max(0, size - MP4_HEAD.length), 1)]);
  const chunks = [];
  for (let i = 0; i < size; i += chunk) chunks.push(bytes.subarray(i, Math.min(size, i + chunk)));
  return { bytes: bytes.subarray(0, size), stream: Readable.from(chunks) };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'darefund-guard-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('spoolUpload', () => {
  it('writes an upload of exactly the limit byte for byte, with its sniffed type', async () => {
    const { bytes, stream } = upload(100);
    const file = await spoolUpload(stream, join(dir, 'exact'), rules);
    expect(file).toMatchObject({ size: 100, type: { extension: 'mp4' } });
    expect((await readFile(file.path)).equals(bytes)).toBe(true);
  });

  it('refuses one byte over the limit with 413 and the configured message', async () => {
    await expect(spoolUpload(upload(101).stream, join(dir, 'over'), rules)).rejects.toMatchObject({
      statusCode: 413,
      message: 'too large',
    });
  });

  it('refuses the wrong kind, text and empty uploads with 400 before reading on', async () => {
    const png = Readable.from([Buffer.from('\x89PNG\r\n\x1a\n0000000000000000', 'latin1')]);
    for (const source of [
      png,
      Readable.from([Buffer.from('hello world, not a video')]),
      Readable.from([]),
    ]) {
      await expect(spoolUpload(source, join(dir, 'bad'), rules)).rejects.toMatchObject({
        statusCode: 400,
        message: 'Invalid File',
      });
    }
  });

  it('accepts a short but valid file (under the sniffing window)', async () => {
    const file = await spoolUpload(Readable.from([MP4_HEAD]), join(dir, 'short'), rules);
    expect(file.size).toBe(MP4_HEAD.length);
  });

  it('turns a broken incoming stream into a 400', async () => {
    const broken = new Readable({ read() {} });
    setImmediate(() => broken.destroy(new Error('Part terminated early')));
    await expect(spoolUpload(broken, join(dir, 'broken'), rules)).rejects.toMatchObject({
      statusCode: 400,
      message: 'interrupted',
    });
  });
});

describe('transcodeArgs', () => {
  it('forces the sniffed demuxer, local files only, H.264/AAC with faststart', () => {
    const webm = sniffMediaType(
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
        Buffer.from('B\x82\x84webm'.padEnd(20)),
      ]),
    );
    const args = transcodeArgs('/tmp/in', webm!, '/tmp/out.mp4').join(' ');
    expect(args).toContain('-protocol_whitelist file -f matroska -i /tmp/in');
    expect(args).toContain('-c:v libx264 -preset veryfast -crf 26 -pix_fmt yuv420p');
    expect(args).toContain('-c:a aac');
    expect(args).toContain('-movflags +faststart');
    expect(args).toContain('-map_metadata -1');
  });
});

describe('createMediaStorage', () => {
  it('uses S3 when a bucket is configured, local files otherwise', async () => {
    const local = await createMediaStorage({ dataDir: dir, s3: {} });
    expect(local).toBeInstanceOf(LocalMediaStorage);
    const s3 = await createMediaStorage({
      dataDir: dir,
      s3: { bucket: 'b', endpoint: 'http://127.0.0.1:9' },
    });
    expect(s3).toBeInstanceOf(S3MediaStorage);
    expect(await readdir(dir)).not.toContain('media');
  });
});
