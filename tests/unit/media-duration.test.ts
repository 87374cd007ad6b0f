import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferByteSource } from '@/server/adapters/media/byte-source';
import { sniffMediaType } from '@/server/adapters/media/media-types';
import { mp4DurationSeconds } from '@/server/adapters/media/mp4-duration';
import {
  headerDurationSeconds,
  videoDurationSeconds,
} from '@/server/adapters/media/video-duration';
import { webmDurationSeconds } from '@/server/adapters/media/webm-duration';
import { type ClipFormat, hasFfmpeg, makeClip } from '../support/media';

/**
 * Issue 19 item 23: a pitch's length read from its container header when ffprobe is not
 * there (adapters/media/mp4-duration, webm-duration). Real files made by ffmpeg at test time,
 * and bytes built here for the shapes ffmpeg does not write.
 */

// --- MP4 boxes ---------------------------------------------------------------------------
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const u64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
};
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
/** A box with the 64-bit size form (size field 1, then the size). */
const largeBox = (type: string, body: Buffer) =>
  Buffer.concat([u32(1), Buffer.from(type, 'latin1'), u64(16 + body.length), body]);
const mvhd0 = (timescale: number, duration: number) =>
  box('mvhd', u32(0), u32(0), u32(0), u32(timescale), u32(duration), Buffer.alloc(80));
const mvhd1 = (timescale: number, duration: number) =>
  box('mvhd', u32(0x01000000), u64(0), u64(0), u32(timescale), u64(duration), Buffer.alloc(80));
const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(512), Buffer.from('isomiso2'));

const mp4 = (bytes: Buffer) => mp4DurationSeconds(bufferByteSource(bytes));

describe('mp4DurationSeconds (built boxes)', () => {
  it('reads a version 0 movie header: duration / timescale', async () => {
    expect(await mp4(Buffer.concat([ftyp, box('moov', mvhd0(1000, 20_000))]))).toBe(20);
  });

  it('reads a version 1 (64-bit) movie header', async () => {
    expect(await mp4(Buffer.concat([ftyp, box('moov', mvhd1(90_000, 900_000))]))).toBe(10);
  });

  it('finds moov after a large (64-bit size) mdat', async () => {
    const mdat = largeBox('mdat', Buffer.alloc(4096, 7));
    expect(await mp4(Buffer.concat([ftyp, mdat, box('moov', mvhd0(600, 12_000))]))).toBe(20);
  });

  it('takes a fragmented file’s length from mvex/mehd', async () => {
    const mehd = box('mehd', u32(0), u32(16_000));
    const moov = box('moov', mvhd0(1000, 0), box('mvex', mehd));
    expect(await mp4(Buffer.concat([ftyp, moov]))).toBe(16);
  });

  it('cannot tell (null) without moov, with a zero timescale or a fragmented file without mehd', async () => {
    expect(await mp4(Buffer.concat([ftyp, box('mdat', Buffer.alloc(64))]))).toBeNull();
    expect(await mp4(Buffer.concat([ftyp, box('moov', mvhd0(0, 100))]))).toBeNull();
    expect(await mp4(Buffer.concat([ftyp, box('moov', mvhd0(1000, 0))]))).toBeNull();
    // A box claiming more bytes than the file has.
    expect(await mp4(Buffer.concat([ftyp, u32(1_000_000), Buffer.from('moov')]))).toBeNull();
  });
});

// --- EBML elements -----------------------------------------------------------------------
/** An element with an 8-byte size, or an unknown one (all ones) for live streams. */
const element = (id: number[], body: Buffer, unknownSize = false) =>
  Buffer.concat([
    Buffer.from(id),
    unknownSize
      ? Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
      : Buffer.concat([Buffer.from([0x01]), Buffer.from(u64(body.length).subarray(1))]),
    body,
  ]);
const float64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
};
const EBML_HEADER = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm')));
const segment = (children: Buffer[], unknownSize = false) =>
  element([0x18, 0x53, 0x80, 0x67], Buffer.concat(children), unknownSize);
const info = (...children: Buffer[]) => element([0x15, 0x49, 0xa9, 0x66], Buffer.concat(children));
const timecodeScale = (nanoseconds: number) => element([0x2a, 0xd7, 0xb1], u32(nanoseconds));
const duration = (ticks: number) => element([0x44, 0x89], float64(ticks));
/** A cluster at `time` ticks with one SimpleBlock (track 1) at each relative time. */
const cluster = (time: number, blocks: number[], unknownSize = false) =>
  element(
    [0x1f, 0x43, 0xb6, 0x75],
    Buffer.concat([
      element([0xe7], u32(time)),
      ...blocks.map((relative) => {
        const head = Buffer.from([0x81, 0, 0, 0x80]);
        head.writeInt16BE(relative, 1);
        return element([0xa3], Buffer.concat([head, Buffer.alloc(32, 1)]));
      }),
    ]),
    unknownSize,
  );

const webm = (bytes: Buffer) => webmDurationSeconds(bufferByteSource(bytes));

describe('webmDurationSeconds (built elements)', () => {
  it('reads Segment Info Duration x TimecodeScale, whichever comes first', async () => {
    const durationFirst = info(duration(20_000), timecodeScale(1_000_000));
    expect(await webm(Buffer.concat([EBML_HEADER, segment([durationFirst])]))).toBe(20);
    const microseconds = info(timecodeScale(1000), duration(12_000_000));
    expect(await webm(Buffer.concat([EBML_HEADER, segment([microseconds])]))).toBe(12);
  });

  it('without a Duration (as MediaRecorder writes), measures to the last block, clusters of unknown size included', async () => {
    const live = segment(
      [info(timecodeScale(1_000_000)), cluster(0, [0, 500], true), cluster(19_000, [0, 900], true)],
      true,
    );
    expect(await webm(Buffer.concat([EBML_HEADER, live]))).toBeCloseTo(19.9, 5);
  });

  it('cannot tell (null) when there is neither a Duration nor a block', async () => {
    expect(
      await webm(Buffer.concat([EBML_HEADER, segment([info(timecodeScale(1e6))])])),
    ).toBeNull();
    expect(await webm(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x00]))).toBeNull();
  });
});

// --- Real files --------------------------------------------------------------------------
describe.skipIf(!hasFfmpeg())('files made by ffmpeg', { timeout: 60_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'darefund-duration-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const measure = (path: string) => {
    const type = sniffMediaType(readFileSync(path).subarray(0, 64));
    if (!type) throw new Error(`not a video: ${path}`);
    return { headers: () => headerDurationSeconds(path, type), type };
  };

  it.each<[ClipFormat, number]>([
    ['mp4', 20],
    ['mp4-faststart', 20],
    ['webm', 20],
    ['mp4', 10],
    ['webm', 10],
  ])('reads a %s of %i s from its header', async (format, seconds) => {
    const clip = makeClip(dir, seconds, format);
    expect(await measure(clip).headers()).toBeCloseTo(seconds, 1);
  });

  it('measures a live WebM (no Duration, clusters of unknown size) that ffprobe cannot', async () => {
    const clip = makeClip(dir, 20, 'webm', ['-live', '1']);
    const { headers, type } = measure(clip);
    expect(await headers()).toBeGreaterThan(19.5);
    // ffprobe says N/A for such a file; the header reader takes over.
    expect(await videoDurationSeconds(clip, type, 'auto')).toBeGreaterThan(19.5);
  });
});
