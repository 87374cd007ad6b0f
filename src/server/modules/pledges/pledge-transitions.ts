import { and, eq, sql } from 'drizzle-orm';
import { captureEntries, releaseEntries } from '@/domain/ledger';
import { currentAmountDelta, nextPledgeState, type PledgeEvent } from '@/domain/pledge-lifecycle';
import { isLivePledge } from '@/domain/pledges';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { dares, pledges, users } from '../../db/schema';
import type { AppMetrics } from '../../metrics/app-metrics';
import { recordProgress } from '../achievements/record-progress';
import {
  type DareForNotices,
  NOTIFYING_EVENTS,
  notifyGoalReached,
  notifyPledgeTransition,
} from '../notifications/pledge-notices';
import { writeLedgerGroup } from '../payments/ledger-writer';

export type PledgeRow = typeof pledges.$inferSelect;
type PledgePatch = Partial<
  Pick<
    PledgeRow,
    | 'paymentIntentId'
    | 'clientSecret'
    | 'paymentMethodId'
    | 'authorizedAt'
    | 'captureBefore'
    | 'actionRequiredAt'
    | 'capturedAt'
    | 'releasedAt'
    | 'captured'
  >
>;

/**
 * A pledge row the caller already read FOR UPDATE in this very transaction (found by its
 * intent, say): transitionPledge goes on with it instead of locking it again (decision 0054).
 */
export type LockedPledge = { row: PledgeRow; lockedIn: PledgeTx };

/** The dare's state a caller can require of the locked row (else DareNotAcceptingError). */
export type DareGuard = (dare: {
  status: string;
  expiresAt: Date | string;
  moderationState: string | null;
}) => boolean;

/** Thrown inside the transaction when the dare fails the caller's guard: everything rolls back. */
export class DareNotAcceptingError extends Error {
  constructor() {
    super('the dare no longer accepts this pledge transition');
  }
}

declare const pledgeTransaction: unique symbol;
/** A transaction opened by inPledgeTransaction: the only kind transitionPledge accepts. */
export type PledgeTx = Tx & { readonly [pledgeTransaction]: true };

/** The events each open pledge transaction applied, counted once it commits. */
const appliedEvents = new WeakMap<Tx, PledgeEvent[]>();

/**
 * THE transaction around pledge transitions: runs `work` in one transaction and, once that
 * has committed, counts every transition it applied (darefund_pledges_*, decision 0051).
 * Counted after the commit, never inside: a transaction that rolls back (a dare guard
 * failing, an error after the transition) counts nothing. transitionPledge takes only a
 * PledgeTx, so no caller can open a transaction that would skip the count.
 */
export async function inPledgeTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'metrics'>,
  work: (tx: PledgeTx) => Promise<T>,
): Promise<T> {
  const applied: PledgeEvent[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    appliedEvents.set(tx, applied);
    return work(tx as PledgeTx);
  });
  for (const event of applied) countPledgeEvent(ctx.metrics, event);
  return result;
}

function countPledgeEvent({ pledges: counters }: AppMetrics, event: PledgeEvent) {
  switch (event) {
    case 'authorize':
      return counters.authorized.inc();
    case 'capture':
      return counters.captured.inc();
    case 'release':
    case 'cancel':
    case 'drop':
      return counters.released.inc({ reason: event });
    case 'decline':
    case 'capture_failed':
      return counters.failed.inc({ reason: event });
    case 'renew_ok':
      return counters.renewals.inc({ result: 'ok' });
    case 'renew_failed':
      return counters.renewals.inc({ result: 'failed' });
  }
}

/**
 * Applies one lifecycle event to a pledge inside the caller's transaction: the guarded
 * update (`WHERE status = from`), the ledger rows (capture, release), the achievements and
 * notifications the change causes (pledge-notices.ts: its links in emails start with
 * `publicUrl`), and, last, the dare's currentAmount and pledgeCount with the move of a
 * pending dare to active when its target is reached, all commit together. Returns the
 * updated pledge, or null when the event does not apply (already applied by a racing
 * request, or not allowed from the pledge's state), so callers can retry safely.
 *
 * Lock order: the pledge row, then its dare. The dare row is every pledge's shared row, so
 * it is locked by the last statement before the caller's commit (decision 0026): concurrent
 * pledges to one dare queue for one statement and a commit, not for the whole transition.
 * `dareGuard` (e.g. still open for pledges) is checked on that locked row; when it fails
 * the transaction is rolled back with DareNotAcceptingError. Never call this while holding
 * a dare row lock taken before the pledge's, or two transactions can wait on each other.
 */
export async function transitionPledge(
  tx: PledgeTx,
  pledge: number | LockedPledge,
  event: PledgeEvent,
  patch: PledgePatch,
  publicUrl: string,
  dareGuard?: DareGuard,
): Promise<PledgeRow | null> {
  const pledgeId = typeof pledge === 'number' ? pledge : pledge.row.id;
  const [current] =
    typeof pledge === 'number'
      ? await tx.select().from(pledges).where(eq(pledges.id, pledgeId)).for('update')
      : [pledge.row];
  if (!current) return null;
  if (typeof pledge !== 'number' && pledge.lockedIn !== tx) {
    throw new Error('a locked pledge must be transitioned in the transaction that locked it');
  }
  const next = nextPledgeState(current.status, event);
  if (!next.ok) return null;

  // The row as written is the locked row with the patch's values (a key left undefined is not
  // written): only whether the guarded update wrote it is read back.
  const changes = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as PledgePatch;
  const updated: PledgeRow = { ...current, ...changes, status: next.state, updatedAt: new Date() };
  const [written] = await tx
    .update(pledges)
    .set({ ...changes, status: next.state, updatedAt: updated.updatedAt })
    .where(and(eq(pledges.id, pledgeId), eq(pledges.status, current.status)))
    .returning({ id: pledges.id });
  if (!written) return null;

  if (event === 'capture') await writeLedgerGroup(tx, captureEntries(current));
  // A release of a hold that was in place is recorded; an intent never confirmed held nothing.
  if (next.state === 'released' && isLivePledge(current.status)) {
    await writeLedgerGroup(tx, releaseEntries(current));
  }
  const amountDelta = currentAmountDelta(current.status, next.state, current.amountCents);
  const countDelta = Number(isLivePledge(next.state)) - Number(isLivePledge(current.status));
  // A pledge counts while it is live, as on the profile (achievements: first pledge, $100
  // pledged, ...): recorded when it becomes live, and again when it is cancelled, released
  // or fails, so the progress drops with it (issue 19 item 15).
  if (countDelta !== 0) {
    await recordProgress(tx, publicUrl, current.userId, ['pledges_made', 'dollars_pledged']);
  }
  const change = { pledge: current, from: current.status, to: next.state, event };
  const notifying = NOTIFYING_EVENTS.includes(event);
  // Title, creator and taker are what the notices need; read without a lock (the lock comes last).
  const dare = notifying ? await dareForNotices(tx, current.dareId, current.userId) : undefined;
  if (dare) await notifyPledgeTransition(tx, publicUrl, change, dare);

  // A transition that moves no total (a capture) locks its dare only for a guard: 10,000
  // captures of one viral dare must not queue on that one row (issue 23).
  const moved =
    amountDelta !== 0 || countDelta !== 0
      ? await moveDareTotals(tx, current.dareId, amountDelta, countDelta)
      : dareGuard
        ? await lockDare(tx, current.dareId)
        : undefined;
  if (dareGuard && (!moved || !dareGuard(moved))) throw new DareNotAcceptingError();
  if (dare && moved && moved.statusBefore === 'pending' && moved.status === 'active') {
    await notifyGoalReached(tx, publicUrl, change, dare, moved.currentAmountCents);
  }
  // A completed dare's amount is what its taker earned (the profile's Earned): a capture
  // that fails takes it down, and the taker's achievements follow. Rare, so after the lock.
  if (amountDelta !== 0 && moved?.status === 'completed' && moved.takerId !== null) {
    await recordProgress(tx, publicUrl, moved.takerId, 'dollars_earned');
  }
  appliedEvents.get(tx)?.push(event);
  return updated;
}

type DareAfter = {
  statusBefore: string;
  status: string;
  moderationState: string | null;
  currentAmountCents: number;
  expiresAt: Date | string;
  takerId: number | null;
};

/**
 * The dare's totals in one statement that also locks the row and reports its status
 * before (did this very transition move it to Active, even with other pledges racing?).
 * Reaching the target moves a dare from Funding to Active (DESIGN.md section 5).
 */
async function moveDareTotals(
  tx: Tx,
  dareId: number,
  amountDelta: number,
  countDelta: number,
): Promise<DareAfter | undefined> {
  // Both drivers answer a raw statement with `{ rows }` (Db hides which one it is).
  const result = (await tx.execute(sql`
    with before as (
      select id, status from dares where id = ${dareId} for no key update
    )
    update dares set
      current_amount_cents = dares.current_amount_cents + ${amountDelta},
      pledge_count = dares.pledge_count + ${countDelta},
      status = case
        when dares.status = 'pending'
          and dares.current_amount_cents + ${amountDelta} >= dares.target_amount_cents
        then 'active'::dare_status else dares.status end
    from before
    where dares.id = before.id
    returning before.status as status_before, dares.status, dares.moderation_state,
      dares.current_amount_cents, dares.expires_at, dares.taker_id`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    statusBefore: String(row.status_before),
    status: String(row.status),
    moderationState: row.moderation_state === null ? null : String(row.moderation_state),
    currentAmountCents: Number(row.current_amount_cents),
    expiresAt: row.expires_at as Date | string,
    takerId: row.taker_id === null ? null : Number(row.taker_id),
  };
}

/** The lock a guarded transition takes on its dare when the totals do not move. */
async function lockDare(tx: Tx, dareId: number): Promise<DareAfter | undefined> {
  const [dare] = await tx
    .select({
      status: dares.status,
      moderationState: dares.moderationState,
      currentAmountCents: dares.currentAmountCents,
      expiresAt: dares.expiresAt,
      takerId: dares.takerId,
    })
    .from(dares)
    .where(eq(dares.id, dareId))
    .for('no key update');
  return dare && { ...dare, statusBefore: dare.status };
}

/** Title, creator, taker and the pledger's name: what the notices of a transition need. */
const dareForNotices = (
  tx: Tx,
  dareId: number,
  pledgerId: number,
): Promise<DareForNotices | undefined> =>
  dareAndPledgerName(tx, { dareId, pledgerId }).then(([dare]) => dare);

const dareAndPledgerName = reusableStatement((db) =>
  db
    .select({
      title: dares.title,
      creatorId: dares.creatorId,
      takerId: dares.takerId,
      moderationState: dares.moderationState,
      pledgerName: sql<
        string | null
      >`(select coalesce(${users.displayName}, ${users.username}) from ${users} where ${users.id} = ${sql.placeholder('pledgerId')})`,
    })
    .from(dares)
    .where(eq(dares.id, sql.placeholder('dareId'))),
);
