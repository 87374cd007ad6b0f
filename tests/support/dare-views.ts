import { type DareView, dareViewSchema } from '@/contracts/dares';

/**
 * A complete, valid dare read view (what GET /api/dares sends) for tests of the screens'
 * pure logic; `overrides` change any field. Checked against the contract, so a field the
 * contract gains shows up here first.
 */
export function dareView(overrides: Partial<DareView> = {}): DareView {
  return dareViewSchema.parse({
    id: 1,
    creatorId: 10,
    title: 'Ice Bucket Challenge',
    description: 'A bucket of ice water, on camera.',
    targetAmount: 100,
    currentAmount: 40,
    status: 'pending',
    category: 'Physical',
    contentRating: 'PG',
    coverImage: '/media/cover.jpg',
    pitchVideo: '/media/pitch.mp4',
    pitchPoster: '/media/pitch.jpg',
    pitchCaptions: null,
    expiresAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2029-12-01T00:00:00.000Z',
    dareType: 'self',
    recipientType: null,
    isPublicChallenge: false,
    takerId: 10,
    acceptedBy: null,
    acceptedAt: null,
    sponsoredBy: null,
    sponsor: null,
    sponsorshipRequestId: null,
    creator: { id: 10, username: 'maya', displayName: 'Maya Chen', profilePicture: null },
    submission: null,
    pledgeCount: 3,
    hasUserPledged: false,
    likeCount: 2,
    commentCount: 0,
    viewCount: 5,
    isLiked: false,
    isSaved: false,
    featured: false,
    moderationState: null,
    matureGate: false,
    ...overrides,
  });
}
