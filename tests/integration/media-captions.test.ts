import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTIONS_MESSAGES } from '@/contracts/media-values';
import { dares, mediaFiles } from '@/server/db/schema';
import { createDare } from '../support/dares';
import { postFile, uploadMedia } from '../support/media';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { postProof, storedVideo, submissionsOf } from '../support/votes';

/**
 * Issue 19 item 35 (decision 0035): WebVTT captions for a pitch or a proof, uploaded on their
 * own (POST /api/captions/upload?purpose=pitch|proof), served as text/vtt, and attached to
 * the dare (pitchCaptions) or the proof (captionsUrl) only by the person who uploaded them.
 */
const VTT = 'WEBVTT\n\n00:00.000 --> 00:03.000\nI will jump in the lake at dawn.\n';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let me: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app);
  other = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const uploadCaptions = (
  bytes: Buffer | string,
  { cookie = me.cookie, purpose = 'pitch', field = 'captions' } = {},
) =>
  postFile(t.app, cookie, `/api/captions/upload?purpose=${purpose}`, {
    field,
    name: 'pitch.vtt',
    type: 'text/vtt',
    bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8'),
  });

async function captionsOf(cookie: string, purpose: 'pitch' | 'proof') {
  const response = await uploadCaptions(VTT, { cookie, purpose });
  if (response.statusCode !== 200) throw new Error(`captions refused: ${response.body}`);
  return response.json().url as string;
}

const storedCaptions = () =>
  readdir(join(t.config.dataDir, 'media', 'captions')).catch(() => [] as string[]);

describe('POST /api/captions/upload', () => {
  it('stores a WebVTT file as the uploader’s captions and serves it as text/vtt', async () => {
    const response = await uploadCaptions(VTT);
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/media\/captions\/[0-9a-f-]+\.vtt$/);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.body).toBe(VTT);
    const [row] = await t.app.ctx.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.key, url.slice('/media/'.length)));
    expect(row).toMatchObject({ uploaderId: me.user.id, purpose: 'pitch-captions' });

    const proof = (await uploadCaptions(`\uFEFFWEBVTT - proof\r\n`, { purpose: 'proof' })).json();
    const [proofRow] = await t.app.ctx.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.key, proof.url.slice('/media/'.length)));
    expect(proofRow?.purpose).toBe('proof-captions');
  });

  it('refuses what is not a WebVTT file, a NUL, other encodings and more than 64 KiB, storing nothing', async () => {
    const before = await storedCaptions();
    const refusals: Array<[string, Buffer | string, number, string]> = [
      ['no signature', '1\n00:00.000 --> 00:01.000\nHi\n', 400, CAPTIONS_MESSAGES.invalid],
      [
        'SRT renamed',
        '1\r\n00:00:00,000 --> 00:00:01,000\r\nHi\r\n',
        400,
        CAPTIONS_MESSAGES.invalid,
      ],
      ['WEBVTTX', 'WEBVTTX\n', 400, CAPTIONS_MESSAGES.invalid],
      ['HTML', '<html><script>alert(1)</script></html>', 400, CAPTIONS_MESSAGES.invalid],
      [
        'a NUL byte',
        'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\u0000\n',
        400,
        CAPTIONS_MESSAGES.invalid,
      ],
      [
        'Latin-1, not UTF-8',
        Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nCaf\xe9\n', 'latin1'),
        400,
        CAPTIONS_MESSAGES.invalid,
      ],
      ['65 KiB', `WEBVTT\n\n${'a'.repeat(65 * 1024)}`, 413, CAPTIONS_MESSAGES.tooLarge],
      ['empty', '', 400, CAPTIONS_MESSAGES.invalid],
    ];
    for (const [name, bytes, status, message] of refusals) {
      const response = await uploadCaptions(bytes);
      expect([name, response.statusCode, response.json().message]).toEqual([name, status, message]);
    }
    const wrongField = await uploadCaptions(VTT, { field: 'video' });
    expect([wrongField.statusCode, wrongField.json().message]).toEqual([
      400,
      CAPTIONS_MESSAGES.noFile,
    ]);
    const wrongPurpose = await uploadCaptions(VTT, { purpose: 'cover' });
    expect(wrongPurpose.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/captions/upload' });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedCaptions()).toEqual(before);
  });
});

describe('captions on a dare and on a proof', () => {
  const selfDare = (pitchVideo: string, pitchCaptions?: unknown) => ({
    title: 'Lake jump at dawn',
    description: 'Into the lake before sunrise, whatever the weather.',
    targetAmount: 20,
    category: 'Physical',
    contentRating: 'G',
    pitchVideo,
    ...(pitchCaptions === undefined ? {} : { pitchCaptions }),
    expiresAt: new Date(Date.now() + 7 * DAY).toISOString(),
    dareType: 'self',
  });
  const create = (payload: object, cookie = me.cookie) =>
    t.app.inject({ method: 'POST', url: '/api/dares', headers: { cookie }, payload });
  const dareCount = async () => (await t.app.ctx.db.select().from(dares)).length;

  it('a dare carries its creator’s pitch captions, shown with the dare and in the feed', async () => {
    const pitch = await uploadMedia(t.app, me.cookie, 'video');
    const captions = await captionsOf(me.cookie, 'pitch');
    const response = await create(selfDare(pitch, captions));
    expect(response.statusCode).toBe(201);
    expect(response.json().pitchCaptions).toBe(captions);
    const id = response.json().id as number;
    const detail = await t.app.inject({ url: `/api/dares/${id}` });
    expect(detail.json().pitchCaptions).toBe(captions);
    const feed = await t.app.inject({ url: `/api/dares/user/${me.user.id}` });
    expect(feed.json().items.find((dare: { id: number }) => dare.id === id)?.pitchCaptions).toBe(
      captions,
    );
    const without = await create(selfDare(pitch));
    expect(without.json().pitchCaptions).toBeNull();
  });

  it('refuses (422) captions that are not the creator’s own pitch captions, or without a video', async () => {
    const pitch = await uploadMedia(t.app, me.cookie, 'video');
    const theirs = await captionsOf(other.cookie, 'pitch');
    const proofCaptions = await captionsOf(me.cookie, 'proof');
    const before = await dareCount();
    for (const captions of [
      theirs,
      proofCaptions,
      pitch,
      '/media/captions/00000000-0000-0000-0000-000000000000.vtt',
      'https://elsewhere.example/captions.vtt',
    ]) {
      const response = await create(selfDare(pitch, captions));
      expect([captions, response.statusCode, response.json().message]).toEqual([
        captions,
        422,
        CAPTIONS_MESSAGES.notYours,
      ]);
    }
    const challenge = await create({
      ...selfDare('', await captionsOf(me.cookie, 'pitch')),
      dareType: 'challenge',
      recipientType: 'email',
      recipientContact: 'friend@example.com',
    });
    expect([challenge.statusCode, challenge.json().message]).toEqual([
      422,
      CAPTIONS_MESSAGES.noVideo,
    ]);
    expect(await dareCount()).toBe(before);
  });

  it('a proof carries its taker’s proof captions; anyone else’s are refused (422)', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId: me.user.id });
    const videoUrl = await storedVideo(t, me.user.id);
    for (const captionsUrl of [
      await captionsOf(other.cookie, 'proof'),
      await captionsOf(me.cookie, 'pitch'),
    ]) {
      const refused = await postProof(t.app, me.cookie, { dareId: dare.id, videoUrl, captionsUrl });
      expect([refused.statusCode, refused.json().message]).toEqual([
        422,
        CAPTIONS_MESSAGES.notYours,
      ]);
    }
    expect(await submissionsOf(t.app, dare.id)).toEqual([]);

    const captionsUrl = await captionsOf(me.cookie, 'proof');
    const proof = await postProof(t.app, me.cookie, { dareId: dare.id, videoUrl, captionsUrl });
    expect(proof.statusCode).toBe(201);
    expect(proof.json().captionsUrl).toBe(captionsUrl);
    expect((await submissionsOf(t.app, dare.id))[0]?.captionsUrl).toBe(captionsUrl);
    const detail = await t.app.inject({ url: `/api/dares/${dare.id}` });
    expect(detail.json().submission.captionsUrl).toBe(captionsUrl);
  });

  it('a pitch added after a request was accepted may bring its captions', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId: me.user.id, pitchVideo: null });
    const pitchVideo = await uploadMedia(t.app, me.cookie, 'video');
    const add = (pitchCaptions: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/dares/${dare.id}/pitch-video`,
        headers: { cookie: me.cookie },
        payload: { pitchVideo, pitchCaptions },
      });
    const refused = await add(await captionsOf(other.cookie, 'pitch'));
    expect([refused.statusCode, refused.json().message]).toEqual([422, CAPTIONS_MESSAGES.notYours]);
    const captions = await captionsOf(me.cookie, 'pitch');
    const added = await add(captions);
    expect(added.statusCode).toBe(200);
    const detail = await t.app.inject({ url: `/api/dares/${dare.id}` });
    expect(detail.json()).toMatchObject({ pitchVideo, pitchCaptions: captions });
  });
});
