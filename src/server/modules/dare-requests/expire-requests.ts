import { and, eq, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { dareRequests, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { notify } from '../notifications/notify';

export const EXPIRE_DARE_REQUEST_JOB = 'expire-dare-request';
export const EXPIRE_DARE_REQUESTS_SWEEP_JOB = 'expire-dare-requests-sweep';

/** The request's own deadline job, queued with the request (DESIGN.md section 5, deadlines). */
export async function scheduleRequestExpiry(db: Db | Tx, row: { id: number; expiresAt: Date }) {
  await enqueueJob(db, {
    kind: EXPIRE_DARE_REQUEST_JOB,
    payload: { requestId: row.id },
    runAt: row.expiresAt,
    dedupeKey: `expire:dare-request:${row.id}`,
  });
}

/**
 * Marks the given (or every) pending request whose week has passed as expired, in one
 * guarded update: the job, the sweep and a racing accept cannot both move a request, and
 * only the update that moved it tells the sender. Running it again changes nothing.
 */
export async function expireDareRequests(
  ctx: Pick<AppContext, 'db' | 'config'>,
  now: Date,
  requestIds?: readonly number[],
): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    const expired = await tx
      .update(dareRequests)
      .set({ status: 'expired' })
      .where(
        and(
          eq(dareRequests.status, 'pending'),
          lte(dareRequests.expiresAt, now),
          ...(requestIds ? [inArray(dareRequests.id, [...requestIds])] : []),
        ),
      )
      .returning();
    for (const row of expired) {
      // A challenge's request ends with its dare's funding window; the dare's own expiry
      // tells its creator, and the request was never theirs to see (decision 0036).
      if (row.challengeDareId !== null) continue;
      const [recipient] = row.recipientId
        ? await tx
            .select({ username: users.username, displayName: users.displayName })
            .from(users)
            .where(eq(users.id, row.recipientId))
        : [];
      const recipientName =
        recipient?.displayName?.trim() || recipient?.username || row.recipientEmail || 'They';
      await notify(tx, ctx.config.publicUrl, {
        userId: row.senderId,
        dareId: null,
        kind: 'dare_request_expired',
        data: { dareTitle: row.dareTitle, amountCents: row.targetAmountCents, recipientName },
      });
    }
    return expired.map((row) => row.id);
  });
}
