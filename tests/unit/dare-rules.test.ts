import { describe, expect, it } from 'vitest';
import { createDareFormSchema } from '@/contracts/dares';
import {
  compareFeedOrder,
  type FeedDare,
  feedTabOf,
  hasPlayableVideo,
  isInFeed,
} from '@/domain/dare-visibility';
import {
  activityScore,
  compareTrending,
  hotScore,
  popularScore,
  RISING_MAX_AGE_DAYS,
  risingScore,
} from '@/domain/trending';

const dare = (overrides: Partial<FeedDare> = {}): FeedDare => ({
  status: 'active',
  creatorId: 1,
  dareType: 'self',
  isPublicChallenge: false,
  takerId: 1,
  pitchVideo: '/media/videos/a.mp4',
  submission: null,
  ...overrides,
});

describe('display rules', () => {
  it('funding dares need a real pitch video, not a temporary or empty address', () => {
    expect(hasPlayableVideo(dare())).toBe(true);
    expect(hasPlayableVideo(dare({ pitchVideo: 'blob:http://localhost/abc' }))).toBe(false);
    expect(hasPlayableVideo(dare({ pitchVideo: '' }))).toBe(false);
    expect(hasPlayableVideo(dare({ pitchVideo: null }))).toBe(false);
    expect(
      hasPlayableVideo(dare({ status: 'pending', pitchVideo: 'data:video/mp4;base64,AAAA' })),
    ).toBe(false);
  });

  it('completed dares need an approved proof with a real video; failed dares never show', () => {
    const proof = { status: 'approved' as const, videoUrl: '/media/videos/p.mp4' };
    expect(hasPlayableVideo(dare({ status: 'completed', submission: proof }))).toBe(true);
    expect(
      hasPlayableVideo(dare({ status: 'completed', submission: { ...proof, status: 'pending' } })),
    ).toBe(false);
    expect(
      hasPlayableVideo(
        dare({ status: 'completed', submission: { ...proof, videoUrl: 'blob:x/y' } }),
      ),
    ).toBe(false);
    expect(hasPlayableVideo(dare({ status: 'completed' }))).toBe(false);
    expect(
      hasPlayableVideo(
        dare({ status: 'verification', submission: { ...proof, status: 'pending' } }),
      ),
    ).toBe(true);
    expect(hasPlayableVideo(dare({ status: 'failed' }))).toBe(false);
  });

  it('keeps accepted, self and public dares in everyone feed; waiting challenges only for the creator', () => {
    const invite = dare({ dareType: 'challenge', takerId: null });
    expect(isInFeed(invite, undefined)).toBe(false);
    expect(isInFeed(invite, 2)).toBe(false);
    expect(isInFeed(invite, 1)).toBe(true);
    expect(isInFeed(dare({ dareType: 'challenge', takerId: 5 }), undefined)).toBe(true);
    expect(
      isInFeed(dare({ dareType: 'challenge', takerId: null, isPublicChallenge: true }), 3),
    ).toBe(true);
  });

  it('maps statuses to feed tabs', () => {
    expect(feedTabOf('pending')).toBe('active');
    expect(feedTabOf('active')).toBe('active');
    expect(feedTabOf('verification')).toBe('votes');
    expect(feedTabOf('completed')).toBe('watch');
    expect(feedTabOf('failed')).toBeNull();
  });

  it('orders pledged dares first, then newest, then by id', () => {
    const at = (iso: string) => new Date(iso);
    const items = [
      { id: 1, pledgedByViewer: false, createdAt: at('2026-01-03') },
      { id: 2, pledgedByViewer: true, createdAt: at('2026-01-01') },
      { id: 3, pledgedByViewer: false, createdAt: at('2026-01-03') },
      { id: 4, pledgedByViewer: false, createdAt: at('2026-01-02') },
    ];
    expect([...items].sort(compareFeedOrder).map((item) => item.id)).toEqual([2, 3, 1, 4]);
  });
});

describe('trending scores', () => {
  const none = { pledgeCount: 0, pledgedCents: 0, views: 0 };
  const small = { pledgeCount: 1, pledgedCents: 500, views: 5 };
  it('hot weighs pledges, pledged dollars and views of the last 24 hours', () => {
    expect(hotScore({ pledgeCount: 2, pledgedCents: 1500, views: 9 })).toBe(20 + 15 + 9);
    expect(hotScore(none)).toBe(0);
  });
  it('rising is activity relative to age: the same activity ranks a younger dare higher', () => {
    expect(risingScore(small, 3)).toBeCloseTo(20 / 5 ** 1.5);
    expect(risingScore(small, 1)).toBeGreaterThan(risingScore(small, 10));
    // Ten times the activity at five days old still loses to a 3-hour-old dare.
    const big = { pledgeCount: 10, pledgedCents: 5000, views: 50 };
    expect(risingScore(small, 3)).toBeGreaterThan(risingScore(big, 5 * 24));
  });
  it('rising leaves out dares older than the window and dares without activity', () => {
    expect(risingScore(small, RISING_MAX_AGE_DAYS * 24 + 1)).toBe(0);
    expect(risingScore(none, 1)).toBe(0);
  });
  it('popular weighs all-time pledges and views', () => {
    expect(popularScore({ pledgedCents: 10_000, pledgeCount: 1, views: 0 })).toBe(110);
    expect(activityScore({ pledgeCount: 0, pledgedCents: 0, views: 7 })).toBe(7);
  });
  it('orders by score, then the newer dare first', () => {
    const at = (hours: number) => new Date(Date.UTC(2026, 0, 1, hours));
    const items = [
      { id: 1, score: 2, createdAt: at(1) },
      { id: 2, score: 5, createdAt: at(0) },
      { id: 3, score: 2, createdAt: at(3) },
      { id: 4, score: 2, createdAt: at(3) },
    ];
    expect([...items].sort(compareTrending).map((item) => item.id)).toEqual([2, 4, 3, 1]);
  });
});

describe('create dare form schema', () => {
  const valid = {
    title: 'Eat a lemon',
    description: 'A whole lemon, peel and all.',
    targetAmount: 5,
    category: 'Food',
    contentRating: 'G',
    duration: '3',
    dareType: 'self',
    pitchVideo: '/media/videos/x.mp4',
    termsAccepted: true,
    liabilityAccepted: true,
    safetyAccepted: true,
  };
  const message = (change: object) =>
    createDareFormSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message;

  it('accepts a valid self dare', () => {
    expect(createDareFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ title: 'ab' }, 'Title must be at least 3 characters'],
    [{ title: 'a'.repeat(51) }, 'Title cannot exceed 50 characters'],
    [{ description: 'too short' }, 'Description must be at least 10 characters'],
    [{ description: 'd'.repeat(501) }, 'Description cannot exceed 500 characters'],
    [{ targetAmount: 4 }, 'Minimum amount is $5'],
    [{ category: '' }, 'Please select a category'],
    [{ contentRating: '' }, 'Content rating is required'],
    [{ duration: '' }, 'Please select a duration'],
    [{ dareType: '' }, 'Please select dare type'],
    [{ termsAccepted: false }, 'You must accept the terms and conditions'],
    [{ liabilityAccepted: false }, 'You must accept the liability waiver'],
    [{ safetyAccepted: false }, 'You must confirm your dare is safe'],
    [
      { pitchVideo: 'blob:http://localhost/1' },
      'Pitch video is required for self dares and public challenges',
    ],
    [{ pitchVideo: '' }, 'Pitch video is required for self dares and public challenges'],
    [
      { dareType: 'challenge', recipientType: 'public', pitchVideo: '' },
      'Pitch video is required for self dares and public challenges',
    ],
  ])('%o → %s', (change, expected) => {
    expect(message(change)).toBe(expected);
  });

  it('lets an email or phone challenge go without a pitch video', () => {
    expect(
      createDareFormSchema.safeParse({
        ...valid,
        dareType: 'challenge',
        recipientType: 'email',
        pitchVideo: '',
      }).success,
    ).toBe(true);
  });
});
