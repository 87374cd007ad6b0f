import { demuxerFor, runMediaTool } from './media-tool';
import type { SniffedType } from './media-types';

/** Reading a container's header takes milliseconds; a stuck probe must not hold an upload. */
const FFPROBE_TIMEOUT_MS = 30_000;

/** The container's duration in seconds as ffprobe reads it; null when it has none ("N/A"). */
export async function ffprobeDurationSeconds(
  path: string,
  type: SniffedType,
): Promise<number | null> {
  const output = await runMediaTool(
    'ffprobe',
    [
      ...['-v', 'error', '-protocol_whitelist', 'file', '-f', demuxerFor(type.extension)],
      ...['-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', path],
    ],
    FFPROBE_TIMEOUT_MS,
  );
  const seconds = Number.parseFloat(output.trim());
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

let available: Promise<boolean> | undefined;

/** True when ffprobe runs here; asked once per process. */
export function ffprobeAvailable(): Promise<boolean> {
  available ??= runMediaTool('ffprobe', ['-version'], FFPROBE_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
  return available;
}
