import { and, eq, inArray, sql } from 'drizzle-orm';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { dares, ledgerEntries, pledges } from '../../db/schema';
import { uncountedGatewayHolds } from './gateway-holds-check';

export type LedgerCheckReport = {
  dares: number;
  livePledges: number;
  ledgerGroups: number;
  ledgerRows: number;
  /** Captured money still in escrow across all dares (not yet paid out). */
  escrowHeldCents: number;
  problems: string[];
};

/**
 * The money invariants of DESIGN.md section 4, checked over the whole database in SQL (the
 * rules of src/domain/ledger.ts `checkLedger`, written as aggregates so it scales):
 * - every dare's currentAmountCents / pledgeCount equal the sum / count of its live pledges;
 * - every ledger group sums to zero, has one kind and one dare, and no zero rows;
 * - memo accounts are used only by releases, and net to zero; no escrow is negative;
 * - a pledge has exactly one capture group if and only if it is captured;
 * - every card hold at the gateway is accounted for by a live pledge (gateway-holds-check.ts;
 *   with Stripe, pass `gateway` to check the holds of pending pledges).
 * Used by `npm run admin -- check-ledger`, the tests and the pledge benchmark.
 */
export async function checkLedgerIntegrity(
  db: Db,
  options: { now?: Date; gateway?: PaymentGateway } = {},
): Promise<LedgerCheckReport> {
  const problems: string[] = [];
  const live = [...LIVE_PLEDGE_STATUSES];

  const liveTotals = db
    .select({
      dareId: pledges.dareId,
      sum: sql<number>`sum(${pledges.amountCents})`.as('live_sum'),
      count: sql<number>`count(*)`.as('live_count'),
    })
    .from(pledges)
    .where(inArray(pledges.status, live))
    .groupBy(pledges.dareId)
    .as('live');
  const counters = await db
    .select({
      id: dares.id,
      current: dares.currentAmountCents,
      count: dares.pledgeCount,
      liveSum: sql<number>`coalesce(${liveTotals.sum}, 0)::bigint`,
      liveCount: sql<number>`coalesce(${liveTotals.count}, 0)::bigint`,
    })
    .from(dares)
    .leftJoin(liveTotals, eq(liveTotals.dareId, dares.id));
  let livePledges = 0;
  for (const row of counters) {
    const [sum, count] = [Number(row.liveSum), Number(row.liveCount)];
    livePledges += count;
    if (row.current !== sum || row.count !== count) {
      problems.push(
        `dare ${row.id}: currentAmount ${row.current} / pledgeCount ${row.count}, live pledges ${sum} / ${count}`,
      );
    }
  }

  const groups = await db
    .select({
      groupId: ledgerEntries.groupId,
      sum: sql<number>`sum(${ledgerEntries.amountCents})::bigint`,
      rows: sql<number>`count(*)::int`,
      kinds: sql<number>`count(distinct ${ledgerEntries.kind})::int`,
      dares: sql<number>`count(distinct ${ledgerEntries.dareId})::int`,
      zeros: sql<number>`count(*) filter (where ${ledgerEntries.amountCents} = 0)::int`,
      misusedMemo: sql<number>`count(*) filter (where (${ledgerEntries.account} like 'memo:%') <> (${ledgerEntries.kind} = 'release'))::int`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.groupId);
  let ledgerRows = 0;
  for (const group of groups) {
    ledgerRows += Number(group.rows);
    const report = (problem: string) => problems.push(`ledger group ${group.groupId}: ${problem}`);
    if (Number(group.sum) !== 0) report(`sums to ${group.sum}, not 0`);
    if (Number(group.kinds) > 1) report('mixes kinds');
    if (Number(group.dares) > 1) report('spans dares');
    if (Number(group.zeros) > 0) report('has a zero row');
    if (Number(group.misusedMemo) > 0) report('memo accounts are for releases only');
  }

  const balances = await db
    .select({
      account: ledgerEntries.account,
      balance: sql<number>`sum(${ledgerEntries.amountCents})::bigint`,
    })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.account} like 'escrow:%' or ${ledgerEntries.account} like 'memo:%'`)
    .groupBy(ledgerEntries.account);
  let escrowHeldCents = 0;
  for (const { account, balance } of balances) {
    const cents = Number(balance);
    if (account.startsWith('escrow:')) escrowHeldCents += cents;
    if (account.startsWith('escrow:') && cents < 0)
      problems.push(`${account} is negative (${cents})`);
    if (account.startsWith('memo:') && cents !== 0) problems.push(`${account} nets to ${cents}`);
  }

  const captures = await db
    .select({
      id: pledges.id,
      status: pledges.status,
      rows: sql<number>`count(${ledgerEntries.id})::int`,
    })
    .from(pledges)
    .leftJoin(
      ledgerEntries,
      and(eq(ledgerEntries.pledgeId, pledges.id), eq(ledgerEntries.kind, 'capture')),
    )
    .groupBy(pledges.id)
    .having(sql`(${pledges.status} = 'captured') <> (count(${ledgerEntries.id}) = 2)`);
  for (const row of captures) {
    problems.push(`pledge ${row.id} (${row.status}) has ${row.rows} capture rows`);
  }

  problems.push(...(await uncountedGatewayHolds(db, { now: new Date(), ...options })));

  return {
    dares: counters.length,
    livePledges,
    ledgerGroups: groups.length,
    ledgerRows,
    escrowHeldCents,
    problems,
  };
}
