import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { users } from './users';

/**
 * Reports of content or people (DESIGN.md section 10, issue 21). The target is a type and an
 * id, not a foreign key: a report outlives what it reports (a removed dare stays on record).
 * One open report per reporter and target (the partial unique index): the same report twice
 * is the first one again.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** Whose content it is, when it was filed: the queue groups and acts by owner. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
    /** The audit-log row (moderation_actions.id) that closed it. */
    resolvedByActionId: integer('resolved_by_action_id'),
  },
  (t) => [
    uniqueIndex('reports_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    check(
      'reports_target_type',
      sql`${t.targetType} IN ('dare', 'submission', 'comment', 'user', 'message')`,
    ),
    check(
      'reports_reason',
      sql`${t.reason} IN ('dangerous', 'harassment', 'sexual', 'spam', 'minor', 'other')`,
    ),
    check('reports_status', sql`${t.status} IN ('open', 'resolved')`),
  ],
);

/**
 * One review per target while it waits for a moderator (issue 21): opened by the first
 * report, or by the danger screen for a dare that is likely dangerous. The partial unique
 * index makes twenty reports arriving at once queue the target once; hiddenAt is set once,
 * when the distinct verified reporters reach AUTO_HIDE_REPORTERS.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    /** Why the danger screen held it (a category of dangerous-dare-patterns), if it did. */
    screening: text('screening'),
    hiddenAt: ts('hidden_at'),
    openedAt: ts('opened_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    uniqueIndex('moderation_cases_open_key')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    check('moderation_cases_status', sql`${t.status} IN ('open', 'resolved')`),
    check(
      'moderation_cases_target_type',
      sql`${t.targetType} IN ('dare', 'submission', 'comment', 'user', 'message')`,
    ),
  ],
);

/**
 * The audit log (issue 21): one row per moderator action, append-only. No foreign keys, so
 * no cascade can touch it, and drizzle/0023 adds triggers that refuse UPDATE, DELETE and
 * TRUNCATE to everyone.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    moderatorId: integer('moderator_id').notNull(),
    /** The moderator's username then: the log reads the same after a rename or deletion. */
    moderatorName: text('moderator_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    until: ts('until'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId),
    check(
      'moderation_actions_action',
      sql`${t.action} IN ('dismiss', 'remove', 'restore', 'warn', 'suspend', 'unsuspend')`,
    ),
  ],
);

/** Who blocked whom (issue 21 item 5): mutual silence between the two. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
