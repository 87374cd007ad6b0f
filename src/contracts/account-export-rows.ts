import { z } from 'zod';
import { CONTENT_RATINGS, DARE_CATEGORIES, DARE_STATUSES, RECIPIENT_TYPES } from './dare-values';
import { PLEDGE_STATUSES } from './pledges';
import { SUBMISSION_STATUSES } from './submission-values';

/**
 * The rows of the account export about the account, its money and its dares
 * (account-export.ts puts the file together). Strict objects: see there.
 */
export const date = z.string();
export const nullableDate = date.nullable();
/** Integer cents, exact, and the same amount as the app writes it ("$10.00"). */
export const money = z.strictObject({ cents: z.number().int(), formatted: z.string() });
/** Another person as anyone may see them on their profile: never their email. */
export const person = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
});
export const dareRef = z.strictObject({ id: z.number().int(), title: z.string() });

export const profile = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  payoutAccount: z.strictObject({ connected: z.boolean(), verified: z.boolean() }),
  createdAt: date,
  updatedAt: date,
});

export const session = z.strictObject({
  device: z.string(),
  browser: z.string(),
  system: z.string(),
  rememberMe: z.boolean(),
  createdAt: date,
  lastUsedAt: date,
  expiresAt: date,
  current: z.boolean(),
});

/**
 * A browser with push notifications on (decision 0053): which push service and device, and
 * when. Never the endpoint's path or the keys: they are what a push is sent and encrypted with.
 */
export const pushDevice = z.strictObject({
  device: z.string(),
  pushService: z.string(),
  createdAt: date,
  lastPushedAt: nullableDate,
});

const dareFields = {
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(DARE_CATEGORIES),
  contentRating: z.enum(CONTENT_RATINGS),
  status: z.enum(DARE_STATUSES),
  target: money,
  pledged: money,
  pledgeCount: z.number().int(),
  coverImage: z.string().nullable(),
  pitchVideo: z.string().nullable(),
  pitchCaptions: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  viewCount: z.number().int(),
  expiresAt: date,
  createdAt: date,
};
export const dareCreated = z.strictObject({
  ...dareFields,
  dareType: z.enum(['self', 'challenge']),
  /** Whom the account challenged, as the account typed it (its own input). */
  recipientType: z.enum(RECIPIENT_TYPES).nullable(),
  recipientContact: z.string().nullable(),
  taker: person.nullable(),
  acceptedAt: nullableDate,
});
export const dareTakenOn = z.strictObject({
  ...dareFields,
  creator: person,
  acceptedAt: nullableDate,
});

export const pledge = z.strictObject({
  id: z.number().int(),
  dare: dareRef,
  amount: money,
  status: z.enum(PLEDGE_STATUSES),
  statusText: z.string(),
  captured: z.boolean(),
  createdAt: date,
  authorizedAt: nullableDate,
  capturedAt: nullableDate,
  releasedAt: nullableDate,
});

export const payout = z.strictObject({
  id: z.number().int(),
  dare: dareRef,
  amount: money,
  fee: money,
  status: z.enum(['waiting_for_account', 'paid', 'failed']),
  createdAt: date,
  paidAt: nullableDate,
});

export const savedCard = z.strictObject({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  addedAt: date,
});

export const proof = z.strictObject({
  id: z.number().int(),
  dare: dareRef,
  videoUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  votingEndsAt: date,
  resolvedAt: nullableDate,
  createdAt: date,
});

export const vote = z.strictObject({
  id: z.number().int(),
  proofId: z.number().int(),
  dare: dareRef,
  approved: z.boolean(),
  reason: z.string().nullable(),
  createdAt: date,
});
