import type { SniffedType } from './media-types';

export type VideoInput = { path: string; type: SniffedType };
/** Files the processor wrote into the work folder; posterPath null when no frame came out. */
export type ProcessedVideo = { videoPath: string; posterPath: string | null };

/**
 * Turns an uploaded video into what every phone browser plays (DESIGN.md section 1): the
 * "none" processor leaves it as uploaded, the ffmpeg one transcodes and takes a poster.
 */
export interface VideoProcessor {
  readonly name: 'none' | 'ffmpeg';
  /**
   * Writes its outputs into `workDir` (which the caller removes). Resolves null when it
   * has nothing to offer and rejects when processing failed; either way the caller keeps
   * the original, so processing never fails an upload.
   */
  process(input: VideoInput, workDir: string): Promise<ProcessedVideo | null>;
}

export const noVideoProcessor: VideoProcessor = {
  name: 'none',
  process: async () => null,
};
