import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
