import { sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_MESSAGES } from '@/contracts/account-deletion';
import type { Tx } from '../../db/client';
import { dares, payouts, pledges } from '../../db/schema';
import { conflict } from '../../lib/errors';

/** The account's dares that can still change: what the deletion locks, checks and cancels. */
export type OpenDare = { id: number; status: string; creatorId: number; takerId: number | null };

/**
 * Why the account cannot be deleted now (DESIGN.md section 9), or nothing:
 * - it is the taker of a dare under vote: the vote would pay a deleted account, or be voided;
 * - money is on its way to it: a payout waiting for its account or refused at the transfer, or
 *   a completed dare it took whose holds are not captured yet or whose captured money has no
 *   payout yet (the settlement job has not run). An unpaid payout is money owed to a person;
 * - its own hold on a completed dare is being captured (minutes at most): that money is owed
 *   to the taker, so it is neither released nor left held on a deleted account.
 * Run inside the deletion's transaction, after the dares and the user row are locked.
 */
export async function refusal(tx: Tx, userId: number, open: OpenDare[]) {
  if (open.some((dare) => dare.status === 'verification' && dare.takerId === userId)) {
    return conflict(ACCOUNT_DELETION_MESSAGES.underVote, 'taker_under_vote');
  }
  const settling = sql`exists (
    select 1 from ${dares} d
    where d.taker_id = ${userId} and d.status = 'completed' and (
      exists (select 1 from ${pledges} p where p.dare_id = d.id
        and p.status in ('authorized', 'requires_action'))
      or (exists (select 1 from ${pledges} p where p.dare_id = d.id and p.status = 'captured')
        and not exists (select 1 from ${payouts} o where o.dare_id = d.id))
    ))`;
  const unpaid = sql`exists (select 1 from ${payouts} o
    where o.taker_id = ${userId} and o.status <> 'paid')`;
  const collecting = sql`exists (select 1 from ${pledges} p join ${dares} d on d.id = p.dare_id
    where p.user_id = ${userId} and d.status = 'completed'
      and p.status in ('authorized', 'requires_action'))`;
  const result = (await tx.execute(
    sql`select (${unpaid} or ${settling}) as owed, ${collecting} as collecting`,
  )) as unknown as { rows: Array<{ owed: boolean; collecting: boolean }> };
  const row = result.rows[0];
  if (row?.owed) return conflict(ACCOUNT_DELETION_MESSAGES.payoutPending, 'payout_pending');
  if (row?.collecting) {
    return conflict(ACCOUNT_DELETION_MESSAGES.pledgeCollecting, 'pledge_collecting');
  }
  return null;
}
