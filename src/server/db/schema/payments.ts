import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { dares } from './dares';
import { ledgerKind, paymentIntentStatus, payoutStatus } from './enums';
import { pledges } from './pledges';
import { users } from './users';

/**
 * The simulated gateway's own records (DESIGN.md section 4): what Stripe would keep on its
 * side. Only brand and last4 of a card are stored.
 */
export const gatewayPaymentMethods = pgTable('gateway_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** Test-card behaviour, e.g. fails when charged later (4000 0000 0000 0341). */
  behavior: text('behavior').notNull().default('succeed'),
  billingName: text('billing_name'),
  /** Like Stripe, a card detached from its customer may not be used or attached again. */
  detachedAt: ts('detached_at'),
  createdAt: createdAt(),
});

export const gatewayPaymentIntents = pgTable(
  'gateway_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    amountCapturedCents: integer('amount_captured_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    status: paymentIntentStatus('status').notNull(),
    captureMethod: text('capture_method').notNull().default('manual'),
    paymentMethodId: text('payment_method_id'),
    customerId: text('customer_id'),
    setupFutureUsage: text('setup_future_usage'),
    captureBefore: ts('capture_before'),
    lastError: jsonb('last_error'),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('gateway_pi_amount_positive', sql`${t.amountCents} > 0`)],
);

/** Stripe-style idempotency: the first answer to a key is replayed for the same request. */
export const gatewayIdempotencyKeys = pgTable('gateway_idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  response: jsonb('response').notNull(),
  createdAt: createdAt(),
});

/** The simulated gateway's customers (Stripe's Customer objects). */
export const gatewayCustomers = pgTable('gateway_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name'),
  createdAt: createdAt(),
});

/**
 * The simulated gateway's payout accounts (Stripe Connect accounts). The app's own link from
 * a user to an account is connected_accounts below; this is what the gateway keeps.
 */
export const gatewayConnectedAccounts = pgTable('gateway_connected_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  verified: boolean('verified').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  createdAt: createdAt(),
});

/** Transfers the simulated gateway made to connected accounts. */
export const gatewayTransfers = pgTable(
  'gateway_transfers',
  {
    id: text('id').primaryKey(),
    destinationAccountId: text('destination_account_id')
      .notNull()
      .references(() => gatewayConnectedAccounts.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [check('gateway_transfers_amount_positive', sql`${t.amountCents} > 0`)],
);

/** Cards a user saved for reuse (Billing & Payment). */
export const userPaymentMethods = pgTable(
  'user_payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewayPaymentMethodId: text('gateway_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_payment_methods_key').on(t.userId, t.gatewayPaymentMethodId),
    uniqueIndex('user_payment_methods_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** The taker's payout account (Stripe Connect or the simulated equivalent). */
export const connectedAccounts = pgTable('connected_accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  gatewayAccountId: text('gateway_account_id').notNull().unique(),
  verified: boolean('verified').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Append-only double-entry ledger: every money movement writes rows sharing a groupId whose
 * amounts sum to zero. Balances are sums; rows are never updated.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: uuid('group_id').notNull(),
    kind: ledgerKind('kind').notNull(),
    /** Built by src/domain/ledger.ts: `pledger:12`, `escrow:dare:3`, `platform:fees`, `taker:5`. */
    account: text('account').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    dareId: integer('dare_id').references(() => dares.id, { onDelete: 'restrict' }),
    pledgeId: integer('pledge_id').references(() => pledges.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_group_idx').on(t.groupId),
    index('ledger_dare_idx').on(t.dareId),
    index('ledger_account_idx').on(t.account),
    check('ledger_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dareId: integer('dare_id')
      .notNull()
      .unique()
      .references(() => dares.id, { onDelete: 'restrict' }),
    takerId: integer('taker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    status: payoutStatus('status').notNull().default('waiting_for_account'),
    transferId: text('transfer_id'),
    paidAt: ts('paid_at'),
    /** Set when a moderator removed the dare before this was paid: never paid (issue 21). */
    blockedAt: ts('blocked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('payouts_amounts_nonnegative', sql`${t.amountCents} >= 0 AND ${t.feeCents} >= 0`)],
);

/** Stripe webhook events already handled (deduplication by event id). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
