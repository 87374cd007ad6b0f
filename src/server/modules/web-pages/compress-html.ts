import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Pages shorter than this gain less from compression than its headers cost. */
const MIN_BYTES = 1024;

/**
 * A page's HTML compressed for the client's Accept-Encoding (brotli at a fast level, else
 * gzip). Pages are built per request (they carry the first screen's data), so they are
 * compressed here; the static assets were compressed at build time.
 */
export function compressedHtml(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer | string; encoding?: 'br' | 'gzip' } {
  const accepted = acceptEncoding ?? '';
  if (html.length < MIN_BYTES) return { body: html };
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    return { body, encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}
