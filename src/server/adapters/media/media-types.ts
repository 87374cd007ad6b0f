/**
 * Recognises media by its first bytes, never by the name or the declared type, and names
 * the extension and content type we store and serve it with.
 */
export type MediaKind = 'image' | 'video';
export type SniffedType = { kind: MediaKind; contentType: string; extension: string };

const TYPES = {
  jpg: { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
  png: { kind: 'image', contentType: 'image/png', extension: 'png' },
  gif: { kind: 'image', contentType: 'image/gif', extension: 'gif' },
  webp: { kind: 'image', contentType: 'image/webp', extension: 'webp' },
  mp4: { kind: 'video', contentType: 'video/mp4', extension: 'mp4' },
  mov: { kind: 'video', contentType: 'video/quicktime', extension: 'mov' },
  webm: { kind: 'video', contentType: 'video/webm', extension: 'webm' },
} as const satisfies Record<string, SniffedType>;

/** What the transcoder writes (ffmpeg-processor). */
export const MP4_TYPE: SniffedType = TYPES.mp4;

/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

export function sniffMediaType(bytes: Uint8Array): SniffedType | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return TYPES.jpg;
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return TYPES.png;
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return TYPES.gif;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return TYPES.webp;
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'qt  ') return TYPES.mov;
    // ISO base media brands used by MP4 recorders (isom, mp41, mp42, avc1, iso2-6, dash, M4V).
    if (/^(isom|iso\d|mp4\d|avc1|dash|M4V |M4A |mmp4|MSNV|3gp\d)$/.test(brand)) return TYPES.mp4;
    return undefined;
  }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    // EBML header: only the WebM doctype is a browser-playable video.
    return ascii(bytes, 0, Math.min(bytes.length, SNIFF_BYTES)).includes('webm')
      ? TYPES.webm
      : undefined;
  }
  return undefined;
}

/** WebVTT captions (item 35): checked as UTF-8 text when uploaded, served as such. */
export const CAPTIONS_CONTENT_TYPE = 'text/vtt; charset=utf-8';
export const CAPTIONS_EXTENSION = 'vtt';

export function contentTypeForExtension(key: string): string | undefined {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  if (extension === CAPTIONS_EXTENSION) return CAPTIONS_CONTENT_TYPE;
  return (TYPES as Record<string, SniffedType>)[extension]?.contentType;
}
