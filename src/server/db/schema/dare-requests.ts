import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { dares } from './dares';
import { contentRating, dareCategory, dareRequestStatus } from './enums';
import { users } from './users';

export const dareRequests = pgTable(
  'dare_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    recipientEmail: text('recipient_email'),
    dareTitle: text('dare_title').notNull(),
    dareDescription: text('dare_description'),
    targetAmountCents: integer('target_amount_cents').notNull(),
    category: dareCategory('category').notNull().default('Social'),
    contentRating: contentRating('content_rating').notNull().default('G'),
    coverImage: text('cover_image'),
    status: dareRequestStatus('status').notNull().default('pending'),
    /** The dare created when the recipient accepted; a challenge's dare from the start. */
    dareId: integer('dare_id').references((): AnyPgColumn => dares.id, { onDelete: 'set null' }),
    /**
     * Set when the request is the in-app face of an email challenge to an address that has an
     * account (decision 0036): accepting it takes on this dare through its invitation.
     */
    challengeDareId: integer('challenge_dare_id')
      .unique('dare_requests_challenge_dare_unique')
      .references((): AnyPgColumn => dares.id, { onDelete: 'cascade' }),
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('dare_requests_recipient_idx').on(t.recipientId, t.createdAt.desc().nullsFirst()),
    index('dare_requests_sender_idx').on(t.senderId, t.createdAt.desc().nullsFirst()),
    index('dare_requests_email_idx').on(sql`lower(${t.recipientEmail})`),
    check(
      'dare_requests_has_recipient',
      sql`${t.recipientId} IS NOT NULL OR ${t.recipientEmail} IS NOT NULL`,
    ),
    check('dare_requests_target_positive', sql`${t.targetAmountCents} > 0`),
    check('dare_requests_no_data_urls', sql`${t.coverImage} NOT LIKE 'data:%'`),
  ],
);
