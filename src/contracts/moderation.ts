import { z } from 'zod';
import { id, isoDate, text } from './common';
import { dareUserSchema } from './dares';
import { MODERATION_REASON_MAX } from './limits';
import {
  MODERATION_ACTIONS,
  MODERATION_MESSAGES,
  MODERATION_STATES,
  USER_ROLES,
} from './moderation-values';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from './reports';

export * from './moderation-values';

const REASON_KEYS = Object.keys(REPORT_REASONS) as [
  keyof typeof REPORT_REASONS,
  ...(keyof typeof REPORT_REASONS)[],
];

/** POST /api/moderation/actions (issue 21 item 3). `until` only for suspend; absent: for good. */
export const moderationActionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: id,
  reason: text('Reason')
    .trim()
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(MODERATION_REASON_MAX, `Reason cannot exceed ${MODERATION_REASON_MAX} characters`),
  until: z.iso.datetime({ offset: true, error: 'Invalid date' }).nullable().optional(),
});
export type ModerationActionInput = z.input<typeof moderationActionSchema>;

/** One row of the audit log: GET /api/moderation/log, and the answer of an action. */
export const moderationLogEntrySchema = z.object({
  id: z.number().int(),
  moderator: z.object({ id: z.number().int(), username: z.string() }),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  reason: z.string(),
  until: isoDate.nullable(),
  createdAt: isoDate,
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const moderationLogQuerySchema = z.object({
  cursor: text('Cursor').max(200).optional(),
});

export const moderationLogSchema = z.object({
  entries: z.array(moderationLogEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ModerationLog = z.infer<typeof moderationLogSchema>;

/** What the queue shows of the reported thing itself: a dare, a proof, a comment, ... */
export const moderationContentSchema = z.object({
  /** A dare's title, a person's name; null for a comment or a message. */
  title: z.string().nullable(),
  /** A dare's description, a comment's or message's words, a profile's bio. */
  text: z.string().nullable(),
  videoUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  coverImage: z.string().nullable(),
  /** The dare the target belongs to (itself, a proof's, a comment's), for a link. */
  dareId: z.number().int().nullable(),
  /** The target's own state: null visible, under_review hidden, removed taken down. */
  moderationState: z.enum(MODERATION_STATES).nullable(),
  /** The target no longer exists (its account was deleted, say). */
  missing: z.boolean(),
});

export const moderationReporterSchema = z.object({
  user: dareUserSchema,
  reason: z.enum(REASON_KEYS),
  details: z.string().nullable(),
  createdAt: isoDate,
});

/** One target in the queue: its open (or, with status=resolved, closed) reports together. */
export const moderationQueueItemSchema = z.object({
  caseId: z.number().int(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  status: z.enum(['open', 'resolved']),
  owner: dareUserSchema
    .extend({ suspendedUntil: isoDate.nullable(), suspended: z.boolean() })
    .nullable(),
  content: moderationContentSchema,
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REASON_KEYS), count: z.number().int() })),
  reporters: z.array(moderationReporterSchema),
  /** The danger screen's category when it held a new dare for review; else null. */
  screening: z.string().nullable(),
  hidden: z.boolean(),
  openedAt: isoDate,
  resolvedAt: isoDate.nullable(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

export const moderationQueueQuerySchema = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
});

export const moderationQueueSchema = z.object({ items: z.array(moderationQueueItemSchema) });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** PATCH /api/account/preferences (item 7). */
export const accountPreferencesSchema = z.object({
  showMatureContent: z.boolean(),
  confirmAdult: z.boolean().optional(),
});
export type AccountPreferencesInput = z.infer<typeof accountPreferencesSchema>;
export const accountPreferencesViewSchema = z.object({ showMatureContent: z.boolean() });

/** GET /api/blocks (item 5): the people the caller blocked, newest first. */
export const blockListSchema = z.object({
  blocks: z.array(z.object({ user: dareUserSchema, createdAt: isoDate })),
});
export type BlockList = z.infer<typeof blockListSchema>;
/** POST|DELETE /api/users/{id}/block answer. */
export const blockStateSchema = z.object({ blocked: z.boolean() });

export const userRoleSchema = z.enum(USER_ROLES);
