/**
 * The dare contract's plain values (enumerations, labels, messages, checks), apart from
 * its zod schemas in dares.ts so the screens can use them without loading zod.
 */

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
  /** The create form's warning, and the 422 of a dare the danger list refuses (issue 21). */
  dangerous:
    'Dangerous or harmful dares will not be accepted and may result in account termination.',
} as const;

/** A video address that is really on the server: not empty, not a temporary blob: URL. */
export function isServerVideoUrl(value: string | null | undefined): value is string {
  return !!value && value.length > 5 && !value.startsWith('blob:') && !value.startsWith('data:');
}

export const FEED_TABS = ['active', 'votes', 'watch'] as const;
export type FeedTab = (typeof FEED_TABS)[number];
