import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '@/server/lib/project-root';
import { PNG_BYTES, toDataUrl } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
let cookie: string;
let videoUrl: string;
let imageUrl: string;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await registerUser(t.app));
  const videoKey = `videos/${randomUUID()}.mp4`;
  await t.app.ctx.storage.put(
    videoKey,
    readFileSync(fromRoot('assets/demo/ice-bucket-challenge.mp4')),
    'video/mp4',
  );
  videoUrl = `/media/${videoKey}`;
  const imageKey = `images/${randomUUID()}.png`;
  await t.app.ctx.storage.put(imageKey, PNG_BYTES, 'image/png');
  imageUrl = `/media/${imageKey}`;
});
afterAll(async () => {
  await t.close();
});

const selfDare = () => ({
  title: 'Eat a lemon',
  description: 'A whole lemon, peel and all, in one minute.',
  targetAmount: 25,
  category: 'Food',
  contentRating: 'G',
  coverImage: null,
  pitchVideo: videoUrl,
  expiresAt: new Date(Date.now() + 3 * DAY).toISOString(),
  dareType: 'self',
  isPublicChallenge: false,
});

const create = (payload: object, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'POST', url: '/api/dares', payload, headers });

const HOUR = 60 * 60 * 1000;
const inDays = (days: number, plusMs = 0) =>
  new Date(Date.now() + days * DAY + plusMs).toISOString();

describe('POST /api/dares: content ratings (DESIGN.md section 3)', () => {
  it.each(['G', 'PG', 'PG-13', 'R'])('takes %s and shows it on the dare', async (rating) => {
    const response = await create({ ...selfDare(), contentRating: rating });
    expect(response.statusCode).toBe(201);
    const read = await t.app.inject({ url: `/api/dares/${response.json().id}` });
    expect(read.json().contentRating).toBe(rating);
  });
});

describe('POST /api/dares: the funding duration (issue 19 item 22)', () => {
  it.each([3, 7, 14, 30])(
    'takes the form’s %i days, counted from the server’s clock',
    async (days) => {
      // The form computed expiresAt a moment ago, on a clock a few minutes off.
      const before = Date.now();
      const response = await create({ ...selfDare(), expiresAt: inDays(days, -5 * 60_000) });
      expect(response.statusCode).toBe(201);
      const expiresAt = Date.parse(response.json().expiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + days * DAY);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + days * DAY);
    },
  );

  it.each([
    ['2 hours', inDays(0, 2 * HOUR)],
    ['1 day', inDays(1)],
    ['5 days', inDays(5)],
    ['10 days', inDays(10)],
    ['3 days and 12 hours', inDays(3, 12 * HOUR)],
    ['31 days', inDays(31)],
    ['the past', inDays(-3)],
  ])('refuses %s with the spec’s words', async (_label, expiresAt) => {
    const response = await create({ ...selfDare(), expiresAt });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please select a duration' });
  });
});

describe('POST /api/dares', () => {
  it('creates a self dare: pending, the creator takes it, money in dollars', async () => {
    const response = await create({ ...selfDare(), coverImage: imageUrl });
    expect(response.statusCode).toBe(201);
    const dare = response.json();
    expect(dare).toMatchObject({
      title: 'Eat a lemon',
      status: 'pending',
      targetAmount: 25,
      currentAmount: 0,
      dareType: 'self',
      pitchVideo: videoUrl,
      coverImage: imageUrl,
      pledgeCount: 0,
    });
    expect(dare.takerId).toBe(dare.creatorId);
    const read = await t.app.inject({ url: `/api/dares/${dare.id}` });
    expect(read.json().title).toBe('Eat a lemon');
  });

  it("takes the pitch video's poster made at upload as the dare's poster", async () => {
    const withoutPoster = await create(selfDare());
    expect(withoutPoster.json().pitchPoster).toBeNull();
    const id = videoUrl.match(/videos\/(.+)\.mp4$/)![1];
    await t.app.ctx.storage.put(`posters/${id}.jpg`, PNG_BYTES, 'image/jpeg');
    const withPoster = await create(selfDare());
    expect(withPoster.json().pitchPoster).toBe(`/media/posters/${id}.jpg`);
  });

  it('stores a cover sent as a data URL as a file', async () => {
    const response = await create({ ...selfDare(), coverImage: toDataUrl(PNG_BYTES, 'image/png') });
    expect(response.statusCode).toBe(201);
    expect(response.json().coverImage).toMatch(/^\/media\/images\/.+\.png$/);
  });

  it('creates challenges by email and by phone with no taker until accepted', async () => {
    for (const [recipientType, recipientContact] of [
      ['email', 'friend@example.com'],
      ['phone', '+1 555 010 9999'],
    ]) {
      const response = await create({
        ...selfDare(),
        dareType: 'challenge',
        recipientType,
        recipientContact,
        pitchVideo: '',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        dareType: 'challenge',
        recipientType,
        takerId: null,
      });
      expect(response.json()).not.toHaveProperty('recipientContact');
    }
  });

  it('refuses a public challenge without its funding (422)', async () => {
    const response = await create({
      ...selfDare(),
      dareType: 'challenge',
      recipientType: 'public',
      isPublicChallenge: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Public dares must be funded with at least $5 to go live.',
    });
  });

  it.each([
    [{ title: 'ab' }, 'Title must be at least 3 characters'],
    [{ title: 'x'.repeat(51) }, 'Title cannot exceed 50 characters'],
    [{ description: 'short' }, 'Description must be at least 10 characters'],
    [{ description: 'x'.repeat(501) }, 'Description cannot exceed 500 characters'],
    [{ targetAmount: 4.99 }, 'Minimum amount is $5'],
    [{ category: 'Dangerous' }, 'Please select a category'],
    [{ contentRating: 'NC-17' }, 'Content rating is required'],
    [{ expiresAt: 'tomorrow' }, 'Please select a duration'],
    [{ expiresAt: new Date(Date.now() + 90 * DAY).toISOString() }, 'Please select a duration'],
    [{ dareType: 'other' }, 'Please select dare type'],
    [
      { pitchVideo: 'blob:http://localhost/1234-5678' },
      'Pitch video is required for self dares and public challenges',
    ],
    [{ pitchVideo: '' }, 'Pitch video is required for self dares and public challenges'],
    [
      { pitchVideo: 'https://elsewhere.example/video.mp4' },
      'Pitch video is required for self dares and public challenges',
    ],
    [
      { pitchVideo: '/media/videos/missing-0000.mp4' },
      'Pitch video is required for self dares and public challenges',
    ],
    [{ coverImage: 'https://elsewhere.example/a.png' }, 'Invalid File'],
    [
      { dareType: 'challenge', recipientType: 'email', recipientContact: 'not-an-email' },
      'Please enter a valid email address',
    ],
    [
      { dareType: 'challenge', recipientType: 'phone', recipientContact: '' },
      'Please enter who you are daring',
    ],
  ])('refuses %o with 400 and the message', async (change, message) => {
    const before = await t.app.inject({ url: '/api/dares?limit=50', headers: { cookie } });
    const response = await create({ ...selfDare(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const after = await t.app.inject({ url: '/api/dares?limit=50', headers: { cookie } });
    expect(after.json().items.length).toBe(before.json().items.length);
  });

  it('needs a logged-in user', async () => {
    const response = await create(selfDare(), {});
    expect(response.statusCode).toBe(401);
  });
});
