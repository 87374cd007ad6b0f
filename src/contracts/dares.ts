import { z } from 'zod';
import { text } from './common';
import {
  CONTENT_RATINGS,
  DARE_CATEGORIES,
  DARE_MESSAGES,
  DARE_STATUSES,
  FEED_TABS,
  isServerVideoUrl,
  RECIPIENT_TYPES,
  TRENDING_TYPES,
} from './dare-values';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  FUNDING_DURATIONS_DAYS,
  MIN_DARE_TARGET_CENTS,
  TITLE_MAX,
  TITLE_MIN,
} from './limits';
import { captionsUrlField } from './media';
import { MODERATION_STATES } from './moderation-values';

export * from './dare-values';

const title = text('Title')
  .trim()
  .min(TITLE_MIN, DARE_MESSAGES.titleMin)
  .max(TITLE_MAX, DARE_MESSAGES.titleMax);
const description = text('Description')
  .trim()
  .min(DESCRIPTION_MIN, DARE_MESSAGES.descriptionMin)
  .max(DESCRIPTION_MAX, DARE_MESSAGES.descriptionMax);
const targetAmount = z
  .number({ error: DARE_MESSAGES.minAmount })
  .min(MIN_DARE_TARGET_CENTS / 100, DARE_MESSAGES.minAmount)
  .max(1_000_000, 'Maximum amount is $1,000,000');
const category = z.enum(DARE_CATEGORIES, { error: DARE_MESSAGES.category });
const contentRating = z.enum(CONTENT_RATINGS, { error: DARE_MESSAGES.contentRating });
const durationValues = FUNDING_DURATIONS_DAYS.map(String) as ['3', '7', '14', '30'];

/** The Create a New Dare form (spec section 5), shared by the web form and its tests. */
export const createDareFormSchema = z
  .object({
    title,
    description,
    targetAmount,
    category,
    contentRating,
    duration: z.enum(durationValues, { error: DARE_MESSAGES.duration }),
    dareType: z.enum(['self', 'challenge'], { error: DARE_MESSAGES.dareType }),
    recipientType: z.enum(RECIPIENT_TYPES).optional(),
    recipientContact: text('Contact').trim().max(254).optional(),
    pitchVideo: text('Pitch video').optional(),
    pitchCaptions: text('Captions').nullable().optional(),
    coverImage: text('Cover image').nullable().optional(),
    termsAccepted: z.literal(true, { error: DARE_MESSAGES.terms }),
    liabilityAccepted: z.literal(true, { error: DARE_MESSAGES.liability }),
    safetyAccepted: z.literal(true, { error: DARE_MESSAGES.safety }),
  })
  .superRefine((data, ctx) => {
    const needsVideo = data.dareType === 'self' || data.recipientType === 'public';
    if (needsVideo && !isServerVideoUrl(data.pitchVideo)) {
      ctx.addIssue({ code: 'custom', path: ['pitchVideo'], message: DARE_MESSAGES.pitchVideo });
    }
  });
export type CreateDareForm = z.input<typeof createDareFormSchema>;

/** What the API accepts at POST /api/dares (spec section 3 "Dare create payload"). */
export const DURATION_MESSAGE = DARE_MESSAGES.duration;
export const RECIPIENT_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  contactRequired: 'Please enter who you are daring',
  publicNeedsFunding: 'Public dares must be funded with at least $5 to go live.',
} as const;

export const createDareSchema = z
  .object({
    title,
    description,
    targetAmount,
    category,
    contentRating: contentRating.default('PG'),
    /** A data URL (stored as a file by the server), one of our /media addresses, or null. */
    coverImage: text('Cover image').nullable().optional(),
    /** A server video address; '' or null when a challenge has none. */
    pitchVideo: text('Pitch video').nullable().optional(),
    /** The pitch's WebVTT captions: the creator's own upload (POST /api/captions/upload). */
    pitchCaptions: captionsUrlField,
    expiresAt: z.iso.datetime({ offset: true, error: DARE_MESSAGES.duration }),
    dareType: z.enum(['self', 'challenge'], { error: DARE_MESSAGES.dareType }),
    recipientType: z.enum(RECIPIENT_TYPES).nullable().optional(),
    recipientContact: text('Contact').trim().max(254).nullable().optional(),
    isPublicChallenge: z.boolean().optional(),
    /** A public challenge's authorized funding (POST /api/payments/create-pre-dare-intent). */
    fundingPaymentIntentId: text('Payment').min(1).max(100).optional(),
  })
  .superRefine((data, ctx) => {
    const isPublic = data.recipientType === 'public' || data.isPublicChallenge === true;
    if ((data.dareType === 'self' || isPublic) && !isServerVideoUrl(data.pitchVideo)) {
      ctx.addIssue({ code: 'custom', path: ['pitchVideo'], message: DARE_MESSAGES.pitchVideo });
    }
    if (data.dareType === 'challenge' && !data.recipientType) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientType'],
        message: RECIPIENT_MESSAGES.contactRequired,
      });
    }
    if (data.recipientType === 'email' || data.recipientType === 'phone') {
      const contact = data.recipientContact ?? '';
      if (!contact) {
        ctx.addIssue({
          code: 'custom',
          path: ['recipientContact'],
          message: RECIPIENT_MESSAGES.contactRequired,
        });
      } else if (data.recipientType === 'email' && !z.email().safeParse(contact).success) {
        ctx.addIssue({
          code: 'custom',
          path: ['recipientContact'],
          message: RECIPIENT_MESSAGES.emailInvalid,
        });
      } else if (data.recipientType === 'phone' && !/^\+?[0-9 ().-]{7,20}$/.test(contact)) {
        ctx.addIssue({
          code: 'custom',
          path: ['recipientContact'],
          message: RECIPIENT_MESSAGES.phoneInvalid,
        });
      }
    }
  });
export type CreateDareInput = z.input<typeof createDareSchema>;

export const dareUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type DareUser = z.infer<typeof dareUserSchema>;

export const dareSubmissionSchema = z.object({
  id: z.number().int(),
  videoUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The proof's WebVTT captions, or null. */
  captionsUrl: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
  votingEndsAt: z.string(),
});

/** A dare as every read returns it (spec section 3 "Read views"); money in dollars. */
export const dareViewSchema = z.object({
  id: z.number().int(),
  creatorId: z.number().int(),
  title: z.string(),
  description: z.string(),
  targetAmount: z.number(),
  currentAmount: z.number(),
  status: z.enum(DARE_STATUSES),
  category: z.enum(DARE_CATEGORIES),
  contentRating: z.enum(CONTENT_RATINGS),
  coverImage: z.string().nullable(),
  pitchVideo: z.string().nullable(),
  pitchPoster: z.string().nullable(),
  /** The pitch's WebVTT captions (text/vtt), or null. */
  pitchCaptions: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  dareType: z.enum(['self', 'challenge']),
  recipientType: z.enum(RECIPIENT_TYPES).nullable(),
  isPublicChallenge: z.boolean(),
  takerId: z.number().int().nullable(),
  acceptedBy: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  sponsoredBy: z.number().int().nullable(),
  sponsor: dareUserSchema.nullable(),
  sponsorshipRequestId: z.number().int().nullable(),
  creator: dareUserSchema,
  /** The latest proof: pending (under vote), approved or rejected; null when none. */
  submission: dareSubmissionSchema.nullable(),
  pledgeCount: z.number().int(),
  hasUserPledged: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  viewCount: z.number().int(),
  isLiked: z.boolean(),
  isSaved: z.boolean(),
  featured: z.boolean(),
  /**
   * null: listed. 'under_review' (held by the danger screen or hidden by reports) is only
   * ever seen by the dare's creator and moderators; 'removed' only by moderators.
   */
  moderationState: z.enum(MODERATION_STATES).nullable(),
  /**
   * An R-rated dare shown to someone without 'Show R-rated dares' (issue 21 item 7): the
   * detail page shows a gate; pitch, cover, description and proof are left out (null/empty).
   */
  matureGate: z.boolean(),
});
export type DareView = z.infer<typeof dareViewSchema>;

/** Every list of dares is a page with an opaque cursor for the next one (null at the end). */
export const darePageSchema = z.object({
  items: z.array(dareViewSchema),
  nextCursor: z.string().nullable(),
});
export type DarePage = z.infer<typeof darePageSchema>;

/** Feed tabs (DESIGN.md section 3): Active, My Votes, Watch Dare. */

export const dareListQuerySchema = z.object({
  cursor: text('Cursor').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  tab: z.enum(FEED_TABS).optional(),
});

export const trendingQuerySchema = z.object({
  type: z.enum(TRENDING_TYPES).default('hot'),
  cursor: text('Cursor').max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const darePledgeSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  dareId: z.number().int(),
  amount: z.number(),
  status: z.string(),
  createdAt: z.string(),
  user: dareUserSchema,
});
export const darePledgeListSchema = z.array(darePledgeSchema);
