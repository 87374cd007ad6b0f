import type { ByteSource } from './byte-source';

/** EBML element ids (with their length marker, as the Matroska spec writes them). */
const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;
/** Elements whose children are walked; every other element is skipped by its size. */
const CONTAINERS = new Set<number>([ID.segment, ID.info, ID.cluster, ID.blockGroup]);
/** Nanoseconds per tick when the file does not say (the Matroska default: 1 ms). */
const DEFAULT_TIMECODE_SCALE = 1_000_000;
/** Blocks of a long 100 MB file number in the tens of thousands; far more is a hostile file. */
const MAX_ELEMENTS = 1_000_000;

type Vint = { value: number; length: number; unknown: boolean };

/** An EBML variable-length integer at `at`: the id keeps its marker bit, a size drops it. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const unsigned = (bytes: Uint8Array) => bytes.reduce((value, byte) => value * 256 + byte, 0);

function float(bytes: Uint8Array): number | null {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  if (bytes.length === 4) return data.getFloat32(0);
  if (bytes.length === 8) return data.getFloat64(0);
  return null;
}

/** A (Simple)Block's time relative to its cluster: the signed 16 bits after the track number. */
function blockTime(bytes: Uint8Array): number | null {
  const track = vint(bytes, 0, false);
  if (!track || bytes.length < track.length + 2) return null;
  return new DataView(bytes.buffer, bytes.byteOffset).getInt16(track.length);
}

/**
 * The length in seconds of a WebM (Matroska) file: Segment Info's Duration x TimecodeScale.
 * A file without a Duration (MediaRecorder writes none while it records) is measured by its
 * last block's time instead, walking element headers only (clusters of unknown size
 * included). Null when neither can be read.
 */
export async function webmDurationSeconds(source: ByteSource): Promise<number | null> {
  let scale = DEFAULT_TIMECODE_SCALE;
  let duration: number | null = null;
  let infoEnd: number | null = null;
  let clusterTime = 0;
  let lastBlock: number | null = null;
  const seconds = (ticks: number) => (ticks * scale) / 1e9;

  let at = 0;
  for (let count = 0; at < source.size && count < MAX_ELEMENTS; count += 1) {
    // Info is read whole before a duration is trusted: TimecodeScale may follow Duration.
    if (duration && duration > 0 && infoEnd !== null && at >= infoEnd) return seconds(duration);
    const head = await source.read(at, 16);
    const id = vint(head, 0, true);
    const size = id && vint(head, id.length, false);
    if (!id || !size) break;
    const dataStart = at + id.length + size.length;
    if (CONTAINERS.has(id.value)) {
      if (id.value === ID.info) infoEnd = size.unknown ? null : dataStart + size.value;
      at = dataStart;
      continue;
    }
    // Only containers may have an unknown size: anything else cannot be skipped.
    if (size.unknown) break;
    const value = () => source.read(dataStart, Math.min(size.value, 8));
    if (id.value === ID.timecodeScale) scale = unsigned(await value()) || DEFAULT_TIMECODE_SCALE;
    else if (id.value === ID.duration) duration = float(await value());
    else if (id.value === ID.clusterTimecode) clusterTime = unsigned(await value());
    else if (id.value === ID.simpleBlock || id.value === ID.block) {
      const relative = blockTime(await source.read(dataStart, Math.min(size.value, 10)));
      if (relative !== null) lastBlock = Math.max(lastBlock ?? 0, clusterTime + relative);
    }
    at = dataStart + size.value;
  }
  if (duration && duration > 0) return seconds(duration);
  return lastBlock !== null ? seconds(lastBlock) : null;
}
