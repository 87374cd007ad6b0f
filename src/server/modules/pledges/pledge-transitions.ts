import { and, eq, sql } from 'drizzle-orm';
import { captureEntries, releaseEntries } from '@/domain/ledger';
import { currentAmountDelta, nextPledgeState, type PledgeEvent } from '@/domain/pledge-lifecycle';
import { isLivePledge } from '@/domain/pledges';
import type { Tx } from '../../db/client';
import { dares, pledges } from '../../db/schema';
import { recordProgress } from '../achievements/record-progress';
import {
  type DareBefore,
  NOTIFYING_EVENTS,
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
 * Applies one lifecycle event to a pledge inside the caller's transaction: the guarded
 * update (`WHERE status = from`), the dare's currentAmount and pledgeCount, the move of a
 * pending dare to active when its target is reached, and the ledger rows (capture, release)
 * all commit together, with the notifications the change causes (pledge-notices.ts: its
 * links in emails start with `publicUrl`). Returns the updated pledge, or null when the event does not apply
 * (already applied by a racing request, or not allowed from the pledge's state), so callers
 * can retry safely.
 *
 * Lock order: the pledge row, then its dare. Never call this while holding a dare row lock
 * taken before the pledge's, or two transactions can wait on each other.
 */
export async function transitionPledge(
  tx: Tx,
  pledgeId: number,
  event: PledgeEvent,
  patch: PledgePatch,
  publicUrl: string,
): Promise<PledgeRow | null> {
  const [current] = await tx.select().from(pledges).where(eq(pledges.id, pledgeId)).for('update');
  if (!current) return null;
  const next = nextPledgeState(current.status, event);
  if (!next.ok) return null;

  const [updated] = await tx
    .update(pledges)
    .set({ ...patch, status: next.state, updatedAt: new Date() })
    .where(and(eq(pledges.id, pledgeId), eq(pledges.status, current.status)))
    .returning();
  if (!updated) return null;

  // The dare as it was, locked (the update below would lock it anyway): tells whether this
  // very transition moved it to Active, even with other pledges racing.
  const dareBefore = NOTIFYING_EVENTS.includes(event) ? await lockDare(tx, current.dareId) : null;
  let dareAfter: { status: string; currentAmountCents: number } | undefined = dareBefore
    ? { status: dareBefore.status, currentAmountCents: 0 }
    : undefined;
  const amountDelta = currentAmountDelta(current.status, next.state, current.amountCents);
  const countDelta = Number(isLivePledge(next.state)) - Number(isLivePledge(current.status));
  if (amountDelta !== 0 || countDelta !== 0) {
    [dareAfter] = await tx
      .update(dares)
      .set({
        currentAmountCents: sql`${dares.currentAmountCents} + ${amountDelta}`,
        pledgeCount: sql`${dares.pledgeCount} + ${countDelta}`,
        // Reaching the target moves a dare from Funding to Active (DESIGN.md section 5).
        status: sql`CASE WHEN ${dares.status} = 'pending' AND ${dares.currentAmountCents} + ${amountDelta} >= ${dares.targetAmountCents} THEN 'active'::dare_status ELSE ${dares.status} END`,
      })
      .where(eq(dares.id, current.dareId))
      .returning({ status: dares.status, currentAmountCents: dares.currentAmountCents });
  }

  if (event === 'capture') await writeLedgerGroup(tx, captureEntries(current));
  // A release of a hold that was in place is recorded; an intent never confirmed held nothing.
  if (next.state === 'released' && isLivePledge(current.status)) {
    await writeLedgerGroup(tx, releaseEntries(current));
  }
  if (dareBefore && dareAfter) {
    const change = { pledge: current, from: current.status, to: next.state, event };
    await notifyPledgeTransition(tx, publicUrl, change, dareBefore, dareAfter);
  }
  // An authorized hold is a pledge made (achievements: first pledge, $100 pledged, ...).
  if (event === 'authorize') {
    await recordProgress(tx, publicUrl, current.userId, ['pledges_made', 'dollars_pledged']);
  }
  return updated;
}

async function lockDare(tx: Tx, dareId: number): Promise<DareBefore | undefined> {
  const [dare] = await tx
    .select({
      title: dares.title,
      creatorId: dares.creatorId,
      status: dares.status,
    })
    .from(dares)
    .where(eq(dares.id, dareId))
    .for('no key update');
  return dare;
}
