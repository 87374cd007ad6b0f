import { z } from 'zod';
import { id, text } from './common';
import { CONTENT_RATINGS, DARE_CATEGORIES, dareUserSchema, REQUEST_FORM_CATEGORIES } from './dares';
import {
  DARE_REQUEST_DEFAULT_TARGET_DOLLARS,
  DARE_REQUEST_MIN_TARGET_CENTS,
  DESCRIPTION_MAX,
  EMAIL_MAX,
  TITLE_MAX,
} from './limits';
import { captionsUrlField } from './media';
import { hasAtMostTwoDecimals } from './money';

/** Dare request status (spec section 4): only a pending received request can be answered. */
export const DARE_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type DareRequestStatus = (typeof DARE_REQUEST_STATUSES)[number];

export const DARE_REQUEST_TYPES = ['received', 'sent'] as const;
export type DareRequestType = (typeof DARE_REQUEST_TYPES)[number];

/** The spec's words (section 5 "Dare request"): title and description of each toast. */
export const DARE_REQUEST_MESSAGES = {
  missingTitle: {
    title: 'Missing information',
    description: 'Please provide a title for the dare',
  },
  invalidAmount: {
    title: 'Invalid amount',
    description: 'Target amount must be greater than zero',
  },
  missingRecipient: {
    title: 'Missing recipient',
    description: 'Please provide a recipient email address',
  },
} as const;

/** "Title: description", the way a server error carries a two-part message. */
const joined = (m: { title: string; description: string }) => `${m.title}: ${m.description}`;

export const DARE_REQUEST_ERRORS = {
  missingTitle: joined(DARE_REQUEST_MESSAGES.missingTitle),
  invalidAmount: joined(DARE_REQUEST_MESSAGES.invalidAmount),
  minimumAmount: `Invalid amount: The minimum target amount is $${DARE_REQUEST_MIN_TARGET_CENTS / 100}`,
  maximumAmount: 'Invalid amount: The maximum target amount is $1,000,000',
  decimals: 'Amounts can have at most 2 decimals',
  missingRecipient: joined(DARE_REQUEST_MESSAGES.missingRecipient),
  invalidEmail: 'Please enter a valid email address',
  titleTooLong: `Title cannot exceed ${TITLE_MAX} characters`,
  descriptionTooLong: `Description cannot exceed ${DESCRIPTION_MAX} characters`,
  category: 'Please select a category',
  contentRating: 'Content rating is required',
  self: 'You cannot send a dare request to yourself',
  recipientNotFound: 'User not found',
  notFound: 'Dare request not found',
  notRecipient: 'Only the recipient can accept or decline this dare request',
  notPending: 'This dare request is no longer pending',
} as const;

const REQUEST_CATEGORY_VALUES = REQUEST_FORM_CATEGORIES.map((c) => c.value) as [
  (typeof DARE_CATEGORIES)[number],
  ...(typeof DARE_CATEGORIES)[number][],
];

const targetAmount = z
  .number({ error: DARE_REQUEST_ERRORS.invalidAmount })
  .refine((n) => Number.isFinite(n) && n > 0, DARE_REQUEST_ERRORS.invalidAmount)
  .refine(
    (n) => !(n > 0) || n >= DARE_REQUEST_MIN_TARGET_CENTS / 100,
    DARE_REQUEST_ERRORS.minimumAmount,
  )
  .refine((n) => !(n > 0) || n <= 1_000_000, DARE_REQUEST_ERRORS.maximumAmount)
  .refine((n) => !(n > 0) || hasAtMostTwoDecimals(n), DARE_REQUEST_ERRORS.decimals);

/** POST /api/dare-requests (spec section 7): a user (`recipientId`) or an email address. */
export const createDareRequestSchema = z
  .object({
    recipientId: id.nullable().optional(),
    recipientEmail: text('Email')
      .trim()
      .max(EMAIL_MAX, DARE_REQUEST_ERRORS.invalidEmail)
      .nullable()
      .optional(),
    dareTitle: text('Title', DARE_REQUEST_ERRORS.missingTitle)
      .trim()
      .min(1, DARE_REQUEST_ERRORS.missingTitle)
      .max(TITLE_MAX, DARE_REQUEST_ERRORS.titleTooLong),
    dareDescription: text('Description')
      .trim()
      .max(DESCRIPTION_MAX, DARE_REQUEST_ERRORS.descriptionTooLong)
      .nullable()
      .optional(),
    targetAmount,
    category: z
      .enum(REQUEST_CATEGORY_VALUES, { error: DARE_REQUEST_ERRORS.category })
      .default('Social'),
    contentRating: z
      .enum(CONTENT_RATINGS, { error: DARE_REQUEST_ERRORS.contentRating })
      .default('G'),
    /** A data URL from the form's file input (stored as a media file), one of our images, or null. */
    coverImage: text('Cover image').nullable().optional(),
  })
  .superRefine((data, ctx) => {
    if (data.recipientId) return;
    const email = data.recipientEmail ?? '';
    if (!email) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientEmail'],
        message: DARE_REQUEST_ERRORS.missingRecipient,
      });
    } else if (!z.email().safeParse(email).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientEmail'],
        message: DARE_REQUEST_ERRORS.invalidEmail,
      });
    }
  });
export type CreateDareRequestInput = z.input<typeof createDareRequestSchema>;

export const dareRequestListQuerySchema = z.object({
  type: z.enum(DARE_REQUEST_TYPES, { error: 'type must be received or sent' }).default('received'),
});

/** One request as the lists show it; money in dollars. */
export const dareRequestViewSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  recipientId: z.number().int().nullable(),
  /** The address it was sent to; only its sender and its recipient ever see a request. */
  recipientEmail: z.string().nullable(),
  dareTitle: z.string(),
  dareDescription: z.string().nullable(),
  targetAmount: z.number(),
  category: z.enum(DARE_CATEGORIES),
  contentRating: z.enum(CONTENT_RATINGS),
  coverImage: z.string().nullable(),
  /** A pending request past expiresAt reads 'expired' even before the job marked it. */
  status: z.enum(DARE_REQUEST_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
  /** The dare created when it was accepted; a challenge's dare from the start. */
  dareId: z.number().int().nullable(),
  /** The created dare is still funding without a pitch video (so not in the feed yet). */
  dareNeedsPitch: z.boolean(),
  /**
   * An email challenge to the recipient's address (decision 0036): accepting makes them the
   * taker of the sender's dare (`dareId`) instead of creating one.
   */
  challenge: z.boolean(),
  sender: dareUserSchema,
  recipient: dareUserSchema.nullable(),
});
export type DareRequestView = z.infer<typeof dareRequestViewSchema>;

export const dareRequestListSchema = z.array(dareRequestViewSchema);

export const acceptDareRequestResultSchema = z.object({
  dareId: z.number().int(),
  request: dareRequestViewSchema,
});
export type AcceptDareRequestResult = z.infer<typeof acceptDareRequestResultSchema>;

/** POST /api/dares/{id}/pitch-video: the creator adds the pitch to a dare that has none. */
export const setPitchVideoSchema = z.object({
  pitchVideo: text('Pitch video').min(1).max(2000),
  /** Its WebVTT captions: the creator's own upload (POST /api/captions/upload). */
  pitchCaptions: captionsUrlField,
});

export const DARE_REQUEST_FORM_DEFAULTS = {
  targetAmount: DARE_REQUEST_DEFAULT_TARGET_DOLLARS,
  category: 'Social',
  contentRating: 'G',
} as const;
