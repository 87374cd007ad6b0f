import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { Base64JsonBody } from '@/server/modules/media/base64-json-body';

const BYTES = Buffer.from(Array.from({ length: 300_001 }, (_, i) => (i * 31) % 256));
const BASE64 = BYTES.toString('base64');

/** Runs a body through the decoder in chunks of `size` bytes (every split point matters). */
async function decode(body: string, size = 4096, max = 10_000_000) {
  const seen: Record<string, unknown>[] = [];
  const decoder = new Base64JsonBody(max, (fields) => seen.push(fields));
  const raw = Buffer.from(body);
  const chunks = Array.from({ length: Math.ceil(raw.length / size) }, (_, i) =>
    raw.subarray(i * size, (i + 1) * size),
  );
  const bytes = await buffer(Readable.from(chunks).pipe(decoder));
  return { bytes, fields: seen[0] };
}

const failure = (body: string, size?: number, max?: number) =>
  decode(body, size, max).then(
    () => ({ status: 200, message: '' }),
    (error) => ({ status: error.statusCode, message: error.message }),
  );

describe('Base64JsonBody', () => {
  it('decodes the clip byte for byte whatever the chunk boundaries', async () => {
    const body = JSON.stringify({ dareId: 7, base64Data: `data:video/webm;base64,${BASE64}` });
    for (const size of [1, 3, 5, 4096, 65_537]) {
      const { bytes, fields } = await decode(body, size);
      expect(bytes.equals(BYTES), `chunks of ${size}`).toBe(true);
      expect(fields).toEqual({ dareId: 7 });
    }
  });

  it('takes escaped slashes, wrapped lines, codecs in the type and any field order', async () => {
    const wrapped = BASE64.replace(/(.{76})/g, '$1\r\n');
    const body = JSON.stringify({
      base64Data: `data:video/webm;codecs=vp8,opus;base64,${wrapped}`,
      note: { nested: ['a "quoted" }', 1] },
      dareId: '12',
    });
    const plain = `{"base64Data":"data:video\\/webm;base64,${BASE64.replaceAll('/', '\\/')}","x":null}`;
    expect((await decode(plain, 7)).bytes.equals(BYTES)).toBe(true);
    const { bytes, fields } = await decode(body, 11);
    expect(bytes.equals(BYTES)).toBe(true);
    expect(fields).toEqual({ note: { nested: ['a "quoted" }', 1] }, dareId: '12' });
  });

  it.each([
    [
      'truncated',
      `{"base64Data":"data:video/mp4;base64,${BASE64}`,
      400,
      'The request body is not valid JSON',
    ],
    [
      'trailing text',
      `{"base64Data":"data:video/mp4;base64,AAAA"} x`,
      400,
      'The request body is not valid JSON',
    ],
    ['not an object', '[1,2]', 400, 'The request body is not valid JSON'],
    ['no clip', '{"dareId":1}', 400, 'Please upload a video first.'],
    ['an empty clip', '{"base64Data":""}', 400, 'Please upload a video first.'],
    ['an empty body', '{}', 400, 'Please upload a video first.'],
    ['an address', '{"base64Data":"https://example.com/a.mp4"}', 400, 'Invalid File'],
    ['not base64', '{"base64Data":"data:video/mp4;base64,AA*A"}', 400, 'Invalid File'],
    ['a number', '{"base64Data":12}', 400, 'Invalid File'],
    [
      'two clips',
      '{"base64Data":"data:video/mp4;base64,AAAA","base64Data":"x"}',
      400,
      'Invalid File',
    ],
  ])('refuses %s', async (_, body, status, message) => {
    expect(await failure(body, 5)).toEqual({ status, message });
  });

  it('refuses a body over the limit with 413 as soon as it passes it', async () => {
    const body = `{"base64Data":"data:video/mp4;base64,${BASE64}"}`;
    expect(await failure(body, 1000, 50_000)).toEqual({
      status: 413,
      message: 'Please upload a video smaller than 40MB.',
    });
  });
});
