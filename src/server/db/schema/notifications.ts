import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { dares } from './dares';
import { users } from './users';

/**
 * In-app notifications (DESIGN.md section 6), written in the transaction of their cause by
 * src/server/modules/notifications/notify.ts. `kind` is plain text (validated by the
 * contract's enum), so a new kind needs no migration; the words are rendered from kind +
 * data when read, never stored.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dareId: integer('dare_id').references(() => dares.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().default({}),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list: one user's rows, newest (highest id) first.
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    // The badge: counts only unread rows.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
