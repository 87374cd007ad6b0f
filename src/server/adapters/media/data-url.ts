import { Readable } from 'node:stream';

/** Decodes a base64 `data:` URL; the declared type is ignored (bytes are sniffed later). */
export function decodeDataUrl(value: string): Buffer | undefined {
  const match = /^data:[^,]*;base64,/i.exec(value.slice(0, 200));
  if (!match) return undefined;
  return Buffer.from(value.slice(match[0].length), 'base64');
}

/** The decoded size of a base64 data URL, computed without decoding it. */
export function dataUrlByteLength(value: string): number {
  const comma = value.indexOf(',');
  const payload = value.length - comma - 1;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((payload * 3) / 4) - padding;
}

export const isDataUrl = (value: string) => value.startsWith('data:');

/** Base64 characters decoded per chunk; a multiple of 4 so chunks decode independently. */
const BASE64_CHUNK = 1024 * 1024;

/**
 * The bytes of a base64 data URL as a stream of small chunks, so a 100 MB clip is never a
 * second 100 MB buffer beside the request's string. Undefined when it is not a data URL.
 */
export function dataUrlStream(value: string): Readable | undefined {
  const match = /^data:[^,]*;base64,/i.exec(value.slice(0, 200));
  if (!match) return undefined;
  let payload = value.slice(match[0].length);
  // Chunks only decode independently when aligned; whitespace (rare) would break that.
  if (/\s/.test(payload)) payload = payload.replace(/\s+/g, '');
  return Readable.from(
    (function* chunks() {
      for (let start = 0; start < payload.length; start += BASE64_CHUNK) {
        yield Buffer.from(payload.slice(start, start + BASE64_CHUNK), 'base64');
      }
    })(),
  );
}
