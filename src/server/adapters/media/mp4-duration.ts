import type { ByteSource } from './byte-source';

/** Containers hold a handful of top-level boxes; far more means a file built to loop us. */
const MAX_BOXES = 10_000;

type Box = { type: string; start: number; dataStart: number; end: number };

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
const text4 = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

/** The ISO BMFF boxes between `start` and `end` (size 1: 64-bit size follows; 0: to the end). */
async function* boxes(source: ByteSource, start: number, end: number): AsyncGenerator<Box> {
  let at = start;
  for (let count = 0; at + 8 <= end && count < MAX_BOXES; count += 1) {
    const head = await source.read(at, 16);
    if (head.length < 8) return;
    const header = view(head);
    let size = header.getUint32(0);
    let dataStart = at + 8;
    if (size === 1) {
      if (head.length < 16) return;
      size = Number(header.getBigUint64(8));
      dataStart = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < dataStart - at || at + size > end) return;
    yield { type: text4(head, 4), start: at, dataStart, end: at + size };
    at += size;
  }
}

async function child(source: ByteSource, parent: Box, type: string): Promise<Box | undefined> {
  for await (const box of boxes(source, parent.dataStart, parent.end)) {
    if (box.type === type) return box;
  }
  return undefined;
}

/** A full box's (version, then a 32- or 64-bit field) value at `offset32` / `offset64`. */
function versioned(bytes: Uint8Array, offset32: number, offset64: number) {
  const data = view(bytes);
  return data.getUint8(0) === 1 ? Number(data.getBigUint64(offset64)) : data.getUint32(offset32);
}

/**
 * The length in seconds of an MP4 or QuickTime file from its movie header (moov/mvhd:
 * duration / timescale, version 0 or 1), wherever moov is (in front with +faststart, or after
 * mdat as recorders write it). A fragmented file's movie header says 0: its fragment
 * duration (mvex/mehd) is used when present. Null when the header cannot tell.
 */
export async function mp4DurationSeconds(source: ByteSource): Promise<number | null> {
  let moov: Box | undefined;
  for await (const box of boxes(source, 0, source.size)) {
    if (box.type === 'moov') {
      moov = box;
      break;
    }
  }
  if (!moov) return null;
  const mvhd = await child(source, moov, 'mvhd');
  if (!mvhd) return null;
  // version+flags (4), then creation and modification times (4 or 8 each), timescale, duration.
  const header = await source.read(mvhd.dataStart, 32);
  if (header.length < (header[0] === 1 ? 32 : 20)) return null;
  const timescale = view(header).getUint32(header[0] === 1 ? 20 : 12);
  let duration = versioned(header, 16, 24);
  if (timescale === 0) return null;
  // All ones: "unknown" (version 0 has 32 bits, version 1 64).
  if (duration === 0xffffffff || duration >= Number.MAX_SAFE_INTEGER) duration = 0;
  if (duration === 0) {
    const mvex = await child(source, moov, 'mvex');
    const mehd = mvex && (await child(source, mvex, 'mehd'));
    const fragment = mehd ? await source.read(mehd.dataStart, 12) : undefined;
    if (fragment && fragment.length >= (fragment[0] === 1 ? 12 : 8)) {
      duration = versioned(fragment, 4, 4);
    }
  }
  return duration > 0 ? duration / timescale : null;
}
