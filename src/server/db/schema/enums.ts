import { pgEnum } from 'drizzle-orm/pg-core';
// Relative import: drizzle-kit loads this file without the `@/` alias.
import {
  CONTENT_RATINGS,
  DARE_CATEGORIES,
  DARE_STATUSES,
  RECIPIENT_TYPES,
} from '../../../contracts/dares';
import { MODERATION_STATES, USER_ROLES } from '../../../contracts/moderation-values';
import { PAYMENT_INTENT_STATUSES } from '../../../contracts/payments';
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_RARITIES } from '../../../domain/achievements';
import { PLEDGE_STATES } from '../../../domain/pledge-lifecycle';

export const dareStatus = pgEnum('dare_status', DARE_STATUSES);
export const contentRating = pgEnum('content_rating', CONTENT_RATINGS);
export const dareCategory = pgEnum('dare_category', DARE_CATEGORIES);
export const dareType = pgEnum('dare_type', ['self', 'challenge']);
export const recipientType = pgEnum('recipient_type', RECIPIENT_TYPES);
/**
 * pending: created, card not yet authorized (does not count toward the dare).
 * authorized: hold in place (counts). requires_action: a hold renewal failed and the
 * pledger must update the card (still counts for 48 h). captured: charged.
 * released: hold cancelled (dare failed or pledge dropped). failed: authorization declined.
 */
export const pledgeStatus = pgEnum('pledge_status', PLEDGE_STATES);
export const submissionStatus = pgEnum('submission_status', ['pending', 'approved', 'rejected']);
export const dareRequestStatus = pgEnum('dare_request_status', [
  'pending',
  'accepted',
  'declined',
  'expired',
]);
export const achievementCategory = pgEnum('achievement_category', ACHIEVEMENT_CATEGORIES);
export const achievementRarity = pgEnum('achievement_rarity', ACHIEVEMENT_RARITIES);
/** Stripe's PaymentIntent states (DESIGN.md section 4). */
export const paymentIntentStatus = pgEnum('payment_intent_status', PAYMENT_INTENT_STATUSES);
export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);
export const payoutStatus = pgEnum('payout_status', ['waiting_for_account', 'paid', 'failed']);
export const ledgerKind = pgEnum('ledger_kind', [
  'capture',
  'fee',
  'transfer',
  'refund',
  'release',
]);
/** Who may moderate (issue 21): granted with `npm run admin -- set-role`. */
export const userRole = pgEnum('user_role', USER_ROLES);
/**
 * A moderated row (issue 21): under_review is hidden from everyone but its owner and
 * moderators until a decision (auto-hidden by reports, or a likely dangerous dare);
 * removed is taken down by a moderator. Null: visible.
 */
export const moderationState = pgEnum('moderation_state', MODERATION_STATES);
