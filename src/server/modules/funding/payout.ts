import { and, eq, isNull, sql } from 'drizzle-orm';
import { escrowAccount, feeEntries, settlementEntries, transferEntries } from '@/domain/ledger';
import { PaymentGatewayError } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { dares, ledgerEntries, payouts } from '../../db/schema';
import { notify } from '../notifications/notify';
import { writeLedgerGroup } from '../payments/ledger-writer';
import { type FundingEnv, type FundingOptions, fundingEnv } from './funding-options';
import { payoutAccount } from './payout-account';

export type PayoutRow = typeof payouts.$inferSelect;

/** Sum of the rows of the dare's escrow account: the captured money not yet paid out. */
export async function escrowBalance(tx: Db | Tx, dareId: number): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, escrowAccount(dareId)));
  return Number(row?.balance ?? 0);
}

/**
 * Pays the taker of a completed dare what its escrow holds, minus the platform fee.
 *
 * Three steps, because a gateway call must never run inside a database transaction (it
 * opens its own, and PGlite has a single connection):
 * 1. Under the payout row's lock, the row is created or its amounts refreshed from the
 *    escrow, unless it is already paid.
 * 2. The transfer, only to a verified account, keyed `payout:dare:<id>`: two callers get
 *    the same transfer back, so the taker is paid once.
 * 3. Under the lock again, a guarded `waiting_for_account -> paid` and the fee and transfer
 *    ledger groups, in one transaction: only the caller that wins the update books them.
 * An unverified account leaves the row waiting (visible on the creator's panel); a later
 * call, or the periodic retry job, pays it once the account is verified. The taker is told
 * once in each case: 'waiting for your payout account' with the row's creation (the account
 * is looked at first, so a verified taker is not told to set one up), 'payout sent' with
 * the guarded move to paid. A payout blocked by a moderator (payouts.blockedAt, issue 21) is
 * kept up to date but never transferred.
 */
export async function settlePayout(
  ctx: AppContext,
  dareId: number,
  options: FundingOptions = {},
): Promise<PayoutRow | null> {
  const env = fundingEnv(ctx, options);
  const [dare] = await ctx.db
    .select({ takerId: dares.takerId, title: dares.title, removed: dares.moderationState })
    .from(dares)
    .where(eq(dares.id, dareId));
  if (!dare?.takerId) throw new Error(`dare ${dareId} has no taker to pay`);
  const takerId = dare.takerId;
  const account = await payoutAccount(ctx, env.gateway, takerId);

  const payout = await ctx.db.transaction(async (tx) => {
    const escrow = await escrowBalance(tx, dareId);
    const split = settlementEntries(dareId, takerId, escrow, ctx.config.platformFeeBps);
    const values = { takerId, amountCents: split.payoutCents, feeCents: split.feeCents };
    // Nothing was captured: no payout to wait for (the panel says "not started").
    if (escrow === 0) return (await lockPayout(tx, dareId)) ?? null;
    // A dare a moderator removed before its payout existed gets it blocked from the start.
    const blockedAt = dare.removed === 'removed' ? new Date() : null;
    const created = await tx
      .insert(payouts)
      .values({ dareId, ...values, blockedAt })
      .onConflictDoNothing({ target: payouts.dareId })
      .returning({ id: payouts.id });
    if (created.length > 0 && !account?.verified) {
      await notify(tx, ctx.config.publicUrl, {
        userId: takerId,
        dareId,
        kind: 'payout_waiting',
        data: { dareTitle: dare.title, amountCents: split.payoutCents },
      });
    }
    const row = (await lockPayout(tx, dareId))!;
    if (row.status !== 'waiting_for_account') return row;
    const [updated] = await tx
      .update(payouts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(payouts.id, row.id))
      .returning();
    return updated!;
  });
  if (payout?.status !== 'waiting_for_account') return payout;
  // Blocked by a moderator's removal of the dare (issue 21): never transferred.
  if (payout.blockedAt) return payout;

  if (!account?.verified) return payout;
  const transferId = await transfer(ctx, env, payout, account.gatewayAccountId);
  if (transferId === undefined) return payout;
  return markPaid(ctx, payout, { transferId, dareTitle: dare.title }, env.now());
}

/** Every payout still waiting for its account: paid where the account is now verified. */
export async function payWaitingPayouts(ctx: AppContext, options: FundingOptions = {}) {
  const waiting = await ctx.db
    .select({ dareId: payouts.dareId })
    .from(payouts)
    .where(and(eq(payouts.status, 'waiting_for_account'), isNull(payouts.blockedAt)));
  let paid = 0;
  for (const { dareId } of waiting) {
    if (options.signal?.aborted) break;
    if ((await settlePayout(ctx, dareId, options))?.status === 'paid') paid += 1;
  }
  return { waiting: waiting.length, paid };
}

const lockPayout = async (tx: Tx, dareId: number) =>
  (await tx.select().from(payouts).where(eq(payouts.dareId, dareId)).for('update'))[0];

/** The transfer's id; null when nothing is left after the fee; undefined when it must wait. */
async function transfer(
  ctx: AppContext,
  env: FundingEnv,
  payout: PayoutRow,
  destinationAccountId: string,
): Promise<string | null | undefined> {
  if (payout.amountCents === 0) return null;
  try {
    const result = await env.gateway.createTransfer({
      amountCents: payout.amountCents,
      destinationAccountId,
      metadata: { dareId: String(payout.dareId), payoutId: String(payout.id) },
      idempotencyKey: `payout:dare:${payout.dareId}`,
    });
    return result.id;
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // The account lost its capability, or the amount changed under the same key: the
    // payout stays waiting and is logged for an operator; nothing was paid.
    ctx.log.error({ err: error, dareId: payout.dareId }, 'payout transfer refused');
    if (error.error.code !== 'insufficient_capabilities_for_transfer') {
      await ctx.db
        .update(payouts)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'waiting_for_account')));
    }
    return undefined;
  }
}

async function markPaid(
  ctx: AppContext,
  payout: PayoutRow,
  { transferId, dareTitle }: { transferId: string | null; dareTitle: string },
  now: Date,
): Promise<PayoutRow> {
  return ctx.db.transaction(async (tx) => {
    const row = (await lockPayout(tx, payout.dareId))!;
    if (row.status !== 'waiting_for_account') return row;
    if (row.amountCents !== payout.amountCents || row.feeCents !== payout.feeCents) {
      // The escrow moved between the transfer and now: book nothing rather than a guess.
      throw new Error(`payout ${row.id} changed while its transfer was made`);
    }
    const escrow = await escrowBalance(tx, row.dareId);
    if (escrow < row.amountCents + row.feeCents) {
      throw new Error(`escrow of dare ${row.dareId} (${escrow}) cannot cover payout ${row.id}`);
    }
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', transferId, paidAt: now, updatedAt: new Date() })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'waiting_for_account')))
      .returning();
    await writeLedgerGroup(tx, feeEntries(row.dareId, row.feeCents));
    await writeLedgerGroup(tx, transferEntries(row.dareId, row.takerId, row.amountCents));
    await notify(tx, ctx.config.publicUrl, {
      userId: row.takerId,
      dareId: row.dareId,
      kind: 'payout_sent',
      data: { dareTitle, amountCents: row.amountCents },
    });
    return paid!;
  });
}
