import { describe, expect, it } from 'vitest';
import { DARE_MESSAGES, RECIPIENT_MESSAGES } from '@/contracts/dares';
import {
  type CreateDareFields,
  createDareDefaults,
  createDareFormResolverSchema,
  toCreateDarePayload,
} from '@/web/features/create-dare/lib/create-dare-form';
import { computeExpiresAt } from '@/web/features/create-dare/lib/expires-at';
import { extensionFor, pickRecordingFormat } from '@/web/features/create-dare/lib/recording-format';
import { thumbnailTimes } from '@/web/features/create-dare/lib/thumbnail-times';

const supports =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);

describe('pickRecordingFormat', () => {
  it('prefers MP4 with H.264/AAC when the browser records it', () => {
    const format = pickRecordingFormat(
      supports('video/webm', 'video/mp4', 'video/mp4;codecs=avc1,mp4a'),
    );
    expect(format).toEqual({ mimeType: 'video/mp4;codecs=avc1,mp4a', extension: 'mp4' });
  });

  it('takes plain MP4 before any WebM', () => {
    expect(pickRecordingFormat(supports('video/webm;codecs=vp9,opus', 'video/mp4'))).toEqual({
      mimeType: 'video/mp4',
      extension: 'mp4',
    });
  });

  it('falls back through VP9, VP8 and plain WebM in that order', () => {
    const all = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'];
    expect(pickRecordingFormat(supports(...all)).mimeType).toBe('video/webm;codecs=vp9,opus');
    expect(pickRecordingFormat(supports(...all.slice(1))).mimeType).toBe(
      'video/webm;codecs=vp8,opus',
    );
    expect(pickRecordingFormat(supports('video/webm'))).toEqual({
      mimeType: 'video/webm',
      extension: 'webm',
    });
  });

  it('leaves the choice to the browser when it supports none, and survives a throwing check', () => {
    expect(pickRecordingFormat(() => false)).toEqual({ mimeType: undefined, extension: 'webm' });
    const throwing = (type: string) => {
      if (type.includes('codecs')) throw new Error('unparseable');
      return type === 'video/webm';
    };
    expect(pickRecordingFormat(throwing).mimeType).toBe('video/webm');
  });

  it('names files after the container the recorder actually produced', () => {
    expect(extensionFor('video/mp4;codecs=avc1.42E01E,mp4a.40.2')).toBe('mp4');
    expect(extensionFor('video/x-matroska;codecs=avc1')).toBe('webm');
    expect(extensionFor(undefined)).toBe('webm');
  });
});

describe('computeExpiresAt', () => {
  const now = new Date('2025-03-01T12:00:00.000Z');

  it('adds the chosen number of days to now', () => {
    expect(computeExpiresAt('3', now)).toBe('2025-03-04T12:00:00.000Z');
    expect(computeExpiresAt(7, now)).toBe('2025-03-08T12:00:00.000Z');
    expect(computeExpiresAt('30', now)).toBe('2025-03-31T12:00:00.000Z');
  });

  it('refuses a duration that is not a positive number', () => {
    expect(() => computeExpiresAt('', now)).toThrow(RangeError);
    expect(() => computeExpiresAt('abc', now)).toThrow(RangeError);
    expect(() => computeExpiresAt(0, now)).toThrow(RangeError);
  });
});

describe('thumbnailTimes', () => {
  it('gives six evenly spaced times, each in the middle of its slice', () => {
    expect(thumbnailTimes(12)).toEqual([1, 3, 5, 7, 9, 11]);
  });

  it('never seeks to the very end or before the start', () => {
    const times = thumbnailTimes(0.06, 6);
    expect(times).toHaveLength(6);
    for (const time of times) {
      expect(time).toBeGreaterThanOrEqual(0);
      expect(time).toBeLessThanOrEqual(0.06);
    }
    expect(thumbnailTimes(15, 5)).toEqual([1.5, 4.5, 7.5, 10.5, 13.5]);
  });

  it('repeats frame 0 when the duration is unknown', () => {
    expect(thumbnailTimes(Number.POSITIVE_INFINITY)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(thumbnailTimes(Number.NaN, 2)).toEqual([0, 0]);
    expect(thumbnailTimes(0, 3)).toEqual([0, 0, 0]);
    expect(thumbnailTimes(10, 0)).toEqual([]);
  });
});

const valid: CreateDareFields = {
  ...createDareDefaults,
  title: 'Eat a ghost pepper',
  description: 'One whole pepper, no milk for five minutes.',
  category: 'Food',
  contentRating: 'PG-13',
  duration: '7',
  pitchVideo: '/media/videos/pitch.mp4',
  coverImage: '/media/images/cover.jpg',
  termsAccepted: true,
  liabilityAccepted: true,
  safetyAccepted: true,
};

function messages(values: CreateDareFields) {
  const result = createDareFormResolverSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('create dare form', () => {
  it('shows every spec message on an empty submit', () => {
    expect(messages({ ...createDareDefaults, targetAmount: Number.NaN })).toEqual({
      title: DARE_MESSAGES.titleMin,
      description: DARE_MESSAGES.descriptionMin,
      targetAmount: DARE_MESSAGES.minAmount,
      category: DARE_MESSAGES.category,
      contentRating: DARE_MESSAGES.contentRating,
      termsAccepted: DARE_MESSAGES.terms,
      liabilityAccepted: DARE_MESSAGES.liability,
      safetyAccepted: DARE_MESSAGES.safety,
      pitchVideo: DARE_MESSAGES.pitchVideo,
    });
  });

  it('refuses a temporary blob: address as the pitch video, once', () => {
    const draft = { ...valid, pitchVideo: 'blob:http://localhost/abc-123' };
    expect(messages(draft)).toEqual({ pitchVideo: DARE_MESSAGES.pitchVideo });
    expect(createDareFormResolverSchema.safeParse(draft).error?.issues).toHaveLength(1);
  });

  it('checks a challenge recipient like the API does', () => {
    const challenge = { ...valid, dareType: 'challenge' as const, pitchVideo: '' };
    expect(messages(challenge)).toEqual({ recipientType: RECIPIENT_MESSAGES.contactRequired });
    expect(messages({ ...challenge, recipientType: 'email', recipientContact: 'nope' })).toEqual({
      recipientContact: RECIPIENT_MESSAGES.emailInvalid,
    });
    expect(messages({ ...challenge, recipientType: 'phone', recipientContact: 'call me' })).toEqual(
      { recipientContact: RECIPIENT_MESSAGES.phoneInvalid },
    );
    expect(
      messages({ ...challenge, recipientType: 'phone', recipientContact: '+1 555 123 4567' }),
    ).toEqual({});
    expect(messages({ ...challenge, recipientType: 'public' })).toEqual({
      pitchVideo: DARE_MESSAGES.pitchVideo,
    });
  });

  it('builds the POST /api/dares payload', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    const self = createDareFormResolverSchema.parse(valid);
    expect(toCreateDarePayload(self, now)).toEqual({
      title: 'Eat a ghost pepper',
      description: 'One whole pepper, no milk for five minutes.',
      targetAmount: 5,
      category: 'Food',
      contentRating: 'PG-13',
      coverImage: '/media/images/cover.jpg',
      pitchVideo: '/media/videos/pitch.mp4',
      pitchCaptions: null,
      expiresAt: '2025-03-08T12:00:00.000Z',
      dareType: 'self',
      recipientType: null,
      recipientContact: null,
      isPublicChallenge: false,
    });

    const byEmail = createDareFormResolverSchema.parse({
      ...valid,
      dareType: 'challenge',
      recipientType: 'email',
      recipientContact: ' friend@example.com ',
      pitchVideo: '',
      coverImage: null,
    });
    expect(toCreateDarePayload(byEmail, now)).toMatchObject({
      pitchVideo: '',
      coverImage: null,
      recipientType: 'email',
      recipientContact: 'friend@example.com',
      isPublicChallenge: false,
    });

    const open = createDareFormResolverSchema.parse({
      ...valid,
      dareType: 'challenge',
      recipientType: 'public',
      recipientContact: 'left over',
    });
    expect(toCreateDarePayload(open, now)).toMatchObject({
      recipientType: 'public',
      recipientContact: null,
      isPublicChallenge: true,
    });
  });
});
