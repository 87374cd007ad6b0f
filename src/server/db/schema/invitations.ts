import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { dares } from './dares';
import { recipientType } from './enums';
import { users } from './users';

/**
 * The invitation link of a challenge sent to an email address or a phone number
 * (DESIGN.md section 6). Only a keyed hash of the token is kept: the link itself exists in
 * the email (or the creator's hands) and nowhere here. One per dare; issuing a new link
 * replaces the hash, so the old link stops working.
 */
export const challengeInvitations = pgTable(
  'challenge_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dareId: integer('dare_id')
      .notNull()
      .references(() => dares.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    channel: recipientType('channel').notNull(),
    contact: text('contact').notNull(),
    createdAt: createdAt(),
    /** The dare's deadline: an invitation cannot outlive what it invites to. */
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    declinedAt: ts('declined_at'),
    declinedBy: integer('declined_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('challenge_invitations_dare_key').on(t.dareId),
    uniqueIndex('challenge_invitations_token_key').on(t.tokenHash),
    index('challenge_invitations_used_by_idx').on(t.usedBy),
    check('challenge_invitations_channel', sql`${t.channel} IN ('email', 'phone')`),
  ],
);
