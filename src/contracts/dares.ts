import { z } from 'zod';
import { text } from './common';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  FUNDING_DURATIONS_DAYS,
  MIN_DARE_TARGET_CENTS,
  TITLE_MAX,
  TITLE_MIN,
} from './limits';

/** Canonical enumerations (DESIGN.md section 3). */
export const DARE_CATEGORIES = [
  'Comedy',
  'Physical',
  'Food',
  'Skill',
  'Social',
  'Creativity',
  'Charity',
  'Other',
] as const;
export type DareCategory = (typeof DARE_CATEGORIES)[number];

/** Labels in the create form (spec section 3). */
export const CREATE_FORM_CATEGORY_LABELS: Record<DareCategory, string> = {
  Comedy: 'Comedy',
  Physical: 'Physical Challenge',
  Food: 'Food Challenge',
  Skill: 'Skill Challenge',
  Social: 'Social Dare',
  Creativity: 'Creative Dare',
  Charity: 'Charity Challenge',
  Other: 'Other',
};

/** The dare-request form offers these, Social first (default); Creativity reads "Creative". */
export const REQUEST_FORM_CATEGORIES: Array<{ value: DareCategory; label: string }> = [
  { value: 'Social', label: 'Social' },
  { value: 'Physical', label: 'Physical' },
  { value: 'Creativity', label: 'Creative' },
  { value: 'Food', label: 'Food' },
  { value: 'Charity', label: 'Charity' },
  { value: 'Other', label: 'Other' },
];

export const CONTENT_RATINGS = ['G', 'PG', 'PG-13', 'R'] as const;
export type ContentRating = (typeof CONTENT_RATINGS)[number];
/** The create form offers G, PG-13 and R; validation also accepts PG. */
export const CREATE_FORM_CONTENT_RATINGS = ['G', 'PG-13', 'R'] as const;

export const DARE_STATUSES = ['pending', 'active', 'verification', 'completed', 'failed'] as const;
export type DareStatus = (typeof DARE_STATUSES)[number];

/** Badge texts (spec section 4); anything else shows "Unknown". */
export const DARE_STATUS_BADGES: Record<DareStatus, string> = {
  pending: 'Funding',
  active: 'Active',
  verification: 'Verification',
  completed: 'Completed',
  failed: 'Failed',
};

export const RECIPIENT_TYPES = ['phone', 'email', 'public'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const TRENDING_TYPES = ['hot', 'rising', 'popular', 'featured'] as const;
export type TrendingType = (typeof TRENDING_TYPES)[number];

export const DARE_MESSAGES = {
  titleMin: 'Title must be at least 3 characters',
  titleMax: 'Title cannot exceed 50 characters',
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description cannot exceed 500 characters',
  minAmount: 'Minimum amount is $5',
  category: 'Please select a category',
  contentRating: 'Content rating is required',
  duration: 'Please select a duration',
  dareType: 'Please select dare type',
  terms: 'You must accept the terms and conditions',
  liability: 'You must accept the liability waiver',
  safety: 'You must confirm your dare is safe',
  pitchVideo: 'Pitch video is required for self dares and public challenges',
} as const;

/** A video address that is really on the server: not empty, not a temporary blob: URL. */
export function isServerVideoUrl(value: string | null | undefined): value is string {
  return !!value && value.length > 5 && !value.startsWith('blob:') && !value.startsWith('data:');
}

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
});
export type DareView = z.infer<typeof dareViewSchema>;

/** Every list of dares is a page with an opaque cursor for the next one (null at the end). */
export const darePageSchema = z.object({
  items: z.array(dareViewSchema),
  nextCursor: z.string().nullable(),
});
export type DarePage = z.infer<typeof darePageSchema>;

/** Feed tabs (DESIGN.md section 3): Active, My Votes, Watch Dare. */
export const FEED_TABS = ['active', 'votes', 'watch'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

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
