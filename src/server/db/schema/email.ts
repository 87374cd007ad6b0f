import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * Per-user, per-kind email choice (Notification Settings, DESIGN.md section 6). Only
 * choices made are stored: a missing row means email on. In-app notifications are always on.
 */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    emailEnabled: boolean('email_enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Addresses that unsubscribed from a kind of email without being (or acting as) an account,
 * e.g. a challenge invitation sent to an email address. `email` is stored lower-cased.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);
