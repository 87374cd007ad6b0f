import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { demuxerFor, runMediaTool } from './media-tool';
import type { SniffedType } from './media-types';
import {
  noVideoProcessor,
  type ProcessedVideo,
  type VideoInput,
  type VideoProcessor,
} from './video-processor';

/** Longest a single ffmpeg run may take before it is killed (a 100 MB upload fits easily). */
const FFMPEG_TIMEOUT_MS = 5 * 60 * 1000;
/** The long side of the stored video; phones show 720p sharply and it keeps files small. */
export const MAX_VIDEO_SIDE = 720;
/** Where the poster is taken: past the fade-in or black first frame many clips start with. */
const POSTER_AT_SECONDS = 0.5;

/**
 * Arguments of the transcode: H.264/AAC MP4 with the index in front (+faststart) so
 * playback starts before the download ends, scaled down (never up) to MAX_VIDEO_SIDE on
 * the long side. ffmpeg applies rotation metadata first, so portrait clips stay portrait.
 */
export function transcodeArgs(input: string, type: SniffedType, output: string): string[] {
  const side = `min(${MAX_VIDEO_SIDE}\\,`;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    // Only local files: an upload must never make ffmpeg open URLs or other files.
    ...['-protocol_whitelist', 'file', '-f', demuxerFor(type.extension), '-i', input],
    // Audio is optional (`?`); metadata is dropped because phones write GPS positions there.
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1'],
    '-vf',
    `scale=w=${side}iw):h=${side}ih):force_original_aspect_ratio=decrease:force_divisible_by=2`,
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

export function posterArgs(video: string, atSeconds: number, output: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-protocol_whitelist', 'file'],
    ...['-ss', String(atSeconds), '-i', video, '-frames:v', '1', '-q:v', '3', output],
  ];
}

/** Runs ffmpeg; rejects with the end of its error output on failure or timeout. */
const runFfmpeg = (args: string[], timeoutMs = FFMPEG_TIMEOUT_MS) =>
  runMediaTool('ffmpeg', args, timeoutMs).then(() => undefined);

const nonEmpty = (path: string) =>
  stat(path).then(
    (info) => info.size > 0,
    () => false,
  );

/** Transcodes one at a time per two cores, so a burst of uploads cannot starve requests. */
function limiter(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export class FfmpegVideoProcessor implements VideoProcessor {
  readonly name = 'ffmpeg';
  private readonly limit = limiter(Math.max(1, Math.floor(availableParallelism() / 2)));

  process(input: VideoInput, workDir: string): Promise<ProcessedVideo> {
    return this.limit(async () => {
      const videoPath = join(workDir, 'video.mp4');
      await runFfmpeg(transcodeArgs(input.path, input.type, videoPath));
      const posterPath = join(workDir, 'poster.jpg');
      // Clips shorter than the poster time give no frame there; their first frame will do.
      for (const at of [POSTER_AT_SECONDS, 0]) {
        const made = await runFfmpeg(posterArgs(videoPath, at, posterPath)).then(
          () => nonEmpty(posterPath),
          () => false,
        );
        if (made) return { videoPath, posterPath };
      }
      return { videoPath, posterPath: null };
    });
  }
}

/** True when ffmpeg runs and has the encoders the transcode needs. */
export async function ffmpegAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-encoders'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0 && /libx264/.test(out) && /\baac\b/.test(out)));
  });
}

let detected: Promise<VideoProcessor> | undefined;

/** ffmpeg when it is on PATH, else "none"; probed once per process. */
export function detectVideoProcessor(): Promise<VideoProcessor> {
  detected ??= ffmpegAvailable().then((ok) => (ok ? new FfmpegVideoProcessor() : noVideoProcessor));
  return detected;
}
