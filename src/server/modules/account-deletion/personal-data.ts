import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  connectedAccounts,
  dareRequests,
  dareSaves,
  emailPreferences,
  followNotices,
  follows,
  idempotencyKeys,
  liveEvents,
  loginThrottles,
  notifications,
  pushSubscriptions,
  users,
} from '../../db/schema';
import { recountFollows } from '../follows/follow-counts';

/**
 * What is the deleted account's own and shown to nobody else goes (the user row itself was
 * anonymised by the claim); what others see stays as by 'Deleted user' (completed dares,
 * comments, messages, likes). In one transaction, idempotent:
 * - follows both ways, with both sides' counters recounted: it leaves every follower list;
 * - its notifications, saved dares, email choices, push subscriptions (those of its sessions
 *   went with them already), live events, idempotency answers and the login throttle's
 *   counter for it;
 * - dare requests still open to or from it, which nobody can answer any more: expired;
 * - its payout account link (every payout to it was paid: the claim refused otherwise).
 * Payouts, pledges and ledger rows stay: the books keep their history.
 */
export async function erasePersonalData(ctx: AppContext, userId: number) {
  await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .delete(follows)
      .where(or(eq(follows.followerId, userId), eq(follows.followedId, userId)))
      .returning({ followerId: follows.followerId, followedId: follows.followedId });
    const touched = new Set([userId, ...ended.flatMap((f) => [f.followerId, f.followedId])]);
    // Ascending ids: the lock order follow() uses for the same rows.
    await recountFollows(
      tx,
      [...touched].sort((a, b) => a - b),
    );
    await tx
      .delete(followNotices)
      .where(or(eq(followNotices.followerId, userId), eq(followNotices.followedId, userId)));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(dareSaves).where(eq(dareSaves.userId, userId));
    await tx.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(liveEvents).where(eq(liveEvents.userId, userId));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    await tx.delete(loginThrottles).where(eq(loginThrottles.key, `account:user:${userId}`));
    await tx
      .update(dareRequests)
      .set({ status: 'expired', respondedAt: new Date() })
      .where(
        and(
          eq(dareRequests.status, 'pending'),
          or(eq(dareRequests.senderId, userId), eq(dareRequests.recipientId, userId)),
        ),
      );
    await tx.delete(connectedAccounts).where(eq(connectedAccounts.userId, userId));
    await tx
      .update(users)
      .set({ stripeConnectId: null, stripeConnectVerified: false })
      .where(eq(users.id, userId));
  });
}
