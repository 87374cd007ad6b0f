import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { sessions, users } from './users';

/**
 * Web Push subscriptions (issue 22 item 5, decision 0053): one row per browser that turned on
 * 'Push notifications on this device'. The endpoint is the push service's URL for that
 * browser; it is unique, so registering it again updates the row (and moves it to whoever
 * registers it now). At most PUSH_SUBSCRIPTIONS_MAX per account, counted under the user
 * row's lock. `session_id` is the session that registered it: ending that session (logout,
 * ending it from the sessions list, a password change, suspension) deletes the row in
 * endSessions; a session that merely expires leaves it (SET NULL), the device still being
 * its owner's.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), the payload's encryption keys. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The registering browser's User-Agent, for a device label (domain/device-name). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSuccessAt: ts('last_success_at'),
    lastFailureAt: ts('last_failure_at'),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);
