import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fromRoot } from '@/server/lib/project-root';
import { PNG_BYTES } from './fixtures';

const MP4 = readFileSync(fromRoot('assets/demo/ice-bucket-challenge.mp4'));
const BOUNDARY = '----darefund-media-support';

/** One file as a multipart form, as the web app's upload sends it. */
export function oneFileForm(field: string, filename: string, type: string, content: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** POST of one file as the multipart field `field` to `url`, by the signed-in `cookie`. */
export function postFile(
  app: FastifyInstance,
  cookie: string,
  url: string,
  file: { field: string; name: string; type: string; bytes: Buffer },
) {
  return app.inject({
    method: 'POST',
    url,
    payload: oneFileForm(file.field, file.name, file.type, file.bytes),
    headers: { cookie, 'content-type': MULTIPART_TYPE },
  });
}

/**
 * A file uploaded through the app's own routes by the signed-in `cookie`, for a purpose
 * (`?purpose=`, decision 0031): a video (a real MP4) or an image (a PNG). Returns its url.
 */
export async function uploadMedia(
  app: FastifyInstance,
  cookie: string,
  kind: 'video' | 'image',
  purpose?: string,
): Promise<string> {
  const [url, file] =
    kind === 'video'
      ? ['/api/videos/upload', { field: 'video', name: 'clip.mp4', type: 'video/mp4', bytes: MP4 }]
      : [
          '/api/images/upload',
          { field: 'image', name: 'still.png', type: 'image/png', bytes: PNG_BYTES },
        ];
  const response = await postFile(app, cookie, purpose ? `${url}?purpose=${purpose}` : url, file);
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.body}`);
  return response.json().url as string;
}

/** Whether ffmpeg can make test clips here (the tests that need one skip without it). */
export function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export type ClipFormat = 'mp4' | 'mp4-faststart' | 'webm';

/**
 * A small test-pattern clip of `seconds` made by ffmpeg into `dir` (no binaries committed):
 * an MP4 with its index after the media (ffmpeg's default), one with it in front
 * (+faststart), or a WebM. Returns its path.
 */
export function makeClip(
  dir: string,
  seconds: number,
  format: ClipFormat,
  extraArgs: string[] = [],
): string {
  const extension = format === 'webm' ? 'webm' : 'mp4';
  const variant = extraArgs.length > 0 ? `-${extraArgs.join('').replace(/\W/g, '')}` : '';
  const path = join(dir, `clip-${seconds}s-${format}${variant}.${extension}`);
  // Made once per folder: several tests share a clip.
  if (existsSync(path)) return path;
  const codec =
    format === 'webm'
      ? ['-c:v', 'libvpx', '-b:v', '100k', '-deadline', 'realtime']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `testsrc=duration=${seconds}:size=160x120:rate=10`, ...codec],
    ...(format === 'mp4-faststart' ? ['-movflags', '+faststart'] : []),
    ...extraArgs,
    path,
  ]);
  return path;
}
