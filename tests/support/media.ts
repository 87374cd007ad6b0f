import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { fromRoot } from '@/server/lib/project-root';
import { PNG_BYTES } from './fixtures';

const MP4 = readFileSync(fromRoot('assets/demo/ice-bucket-challenge.mp4'));
const BOUNDARY = '----darefund-media-support';

/** One file as a multipart form, as the web app's upload sends it. */
function oneFileForm(field: string, filename: string, type: string, content: Buffer) {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
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
  const [url, payload] =
    kind === 'video'
      ? ['/api/videos/upload', oneFileForm('video', 'clip.mp4', 'video/mp4', MP4)]
      : ['/api/images/upload', oneFileForm('image', 'still.png', 'image/png', PNG_BYTES)];
  const response = await app.inject({
    method: 'POST',
    url: purpose ? `${url}?purpose=${purpose}` : url,
    payload,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.body}`);
  return response.json().url as string;
}
