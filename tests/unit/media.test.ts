import { describe, expect, it } from 'vitest';
import { dataUrlByteLength, decodeDataUrl } from '@/server/adapters/media/data-url';
import { sniffMediaType } from '@/server/adapters/media/media-types';
import { isValidKey } from '@/server/adapters/media/storage';
import { parseRange } from '@/server/modules/media/range';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
    64,
  );

describe('sniffMediaType', () => {
  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    [bytes('\x89PNG\r\n\x1a\n'), 'image/png'],
    [bytes('GIF89a'), 'image/gif'],
    [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    [bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4'],
    [bytes([0, 0, 0, 0x1c], 'ftypmp42'), 'video/mp4'],
    [bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    [bytes([0x1a, 0x45, 0xdf, 0xa3], 'B\x82\x84webm'), 'video/webm'],
  ])('recognises %#', (input, type) => {
    expect(sniffMediaType(input)?.contentType).toBe(type);
  });

  it('refuses text, HTML and unknown containers whatever they claim to be', () => {
    expect(sniffMediaType(bytes('<html><body>hi</body></html>'))).toBeUndefined();
    expect(sniffMediaType(bytes('just some text in a file.mp4'))).toBeUndefined();
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3], 'B\x82\x88matroska'))).toBeUndefined();
    expect(sniffMediaType(Buffer.from('tiny'))).toBeUndefined();
  });
});

describe('parseRange', () => {
  it('handles the forms browsers send', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-1', 100)).toEqual({ start: 0, end: 1 });
    expect(parseRange('bytes=10-', 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
  });

  it('marks ranges outside the object unsatisfiable and ignores what it does not support', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
  });
});

describe('data URLs and keys', () => {
  it('computes the decoded size without decoding', () => {
    const payload = Buffer.from('hello world!!');
    const url = `data:image/png;base64,${payload.toString('base64')}`;
    expect(dataUrlByteLength(url)).toBe(payload.length);
    expect(decodeDataUrl(url)?.equals(payload)).toBe(true);
    expect(decodeDataUrl('https://x/y.png')).toBeUndefined();
  });

  it('accepts only our own key shapes', () => {
    expect(isValidKey('images/0b5c-11.png')).toBe(true);
    expect(isValidKey('../etc/passwd')).toBe(false);
    expect(isValidKey('images/../../x.png')).toBe(false);
    expect(isValidKey('images/UPPER.png')).toBe(false);
  });
});
