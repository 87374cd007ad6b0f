import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { dares } from './dares';
import { moderationState, pledgeStatus, submissionStatus } from './enums';
import { users } from './users';

export const pledges = pgTable(
  'pledges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    dareId: integer('dare_id')
      .notNull()
      .references(() => dares.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    status: pledgeStatus('status').notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    clientSecret: text('client_secret'),
    paymentMethodId: text('payment_method_id'),
    captured: boolean('captured').notNull().default(false),
    authorizedAt: ts('authorized_at'),
    /** When the current card hold lapses (authorization + 7 days). */
    captureBefore: ts('capture_before'),
    actionRequiredAt: ts('action_required_at'),
    capturedAt: ts('captured_at'),
    releasedAt: ts('released_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pledges_dare_idx').on(t.dareId, t.status),
    index('pledges_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('pledges_capture_before_idx').on(t.captureBefore),
    uniqueIndex('pledges_payment_intent_key').on(t.paymentIntentId),
    check('pledges_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dareId: integer('dare_id')
      .notNull()
      .references(() => dares.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoUrl: text('video_url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /** The proof's WebVTT captions: the submitter's `proof-captions` upload (decision 0035). */
    captionsUrl: text('captions_url'),
    status: submissionStatus('status').notNull().default('pending'),
    /** createdAt + 24 h: when the vote closes and the outcome is decided. */
    votingEndsAt: ts('voting_ends_at').notNull(),
    resolvedAt: ts('resolved_at'),
    moderationState: moderationState('moderation_state'),
    createdAt: createdAt(),
  },
  (t) => [
    index('submissions_dare_idx').on(t.dareId, t.createdAt.desc().nullsFirst()),
    // At most one proof under vote per dare.
    uniqueIndex('submissions_one_pending_per_dare')
      .on(t.dareId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'submissions_video_not_local',
      sql`${t.videoUrl} NOT LIKE 'blob:%' AND ${t.videoUrl} NOT LIKE 'data:%'`,
    ),
  ],
);

export const votes = pgTable(
  'votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: boolean('vote').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('votes_one_per_user_key').on(t.submissionId, t.userId),
    check(
      'votes_reject_needs_reason',
      sql`${t.vote} OR length(trim(coalesce(${t.reason}, ''))) > 0`,
    ),
  ],
);
