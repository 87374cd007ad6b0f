import { and, count, eq, ne, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_MAX } from '@/contracts/limits';
import { PUSH_MESSAGES, type PushSubscriptionBody } from '@/contracts/push';
import { checkPushEndpoint, type PushEndpointProblem } from '@/domain/push-endpoint';
import { canonicalKey } from '@/domain/push-keys';
import type { AppContext } from '../../context';
import { pushSubscriptions, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';

const ENDPOINT_REFUSALS: Record<PushEndpointProblem, string> = {
  malformed: PUSH_MESSAGES.malformedEndpoint,
  not_https: PUSH_MESSAGES.notHttps,
  private_address: PUSH_MESSAGES.privateAddress,
};

export type Registrant = { userId: number; sessionId: number; userAgent: string | null };

/**
 * POST /api/push-subscriptions: stores this browser's subscription for the caller. The same
 * endpoint again updates its row (new keys, this account and session): idempotent, and a
 * browser handed to someone else pushes to its new owner only. At most
 * PUSH_SUBSCRIPTIONS_MAX per account: counted under the user row's lock, so parallel
 * registrations of one account count one after another and never make one too many.
 */
export async function registerPushSubscription(
  ctx: AppContext,
  who: Registrant,
  body: PushSubscriptionBody,
): Promise<{ id: number; created: boolean }> {
  const checked = checkPushEndpoint(body.endpoint, {
    allowInsecure: ctx.config.push.allowInsecureEndpoints,
  });
  if (!checked.ok) throw badRequest(ENDPOINT_REFUSALS[checked.problem]);
  const values = {
    userId: who.userId,
    sessionId: who.sessionId,
    endpoint: body.endpoint,
    p256dh: canonicalKey(body.keys.p256dh),
    auth: canonicalKey(body.keys.auth),
    userAgent: who.userAgent?.slice(0, 512) ?? null,
  };
  return ctx.db.transaction(async (tx) => {
    // NO KEY UPDATE: serializes this account's registrations without holding up the rows
    // that merely reference the user (their foreign keys take KEY SHARE).
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, who.userId))
      .for('no key update');
    const [others] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, who.userId),
          ne(pushSubscriptions.endpoint, body.endpoint),
        ),
      );
    if (Number(others?.n ?? 0) >= PUSH_SUBSCRIPTIONS_MAX) throw conflict(PUSH_MESSAGES.tooMany);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: values.userId,
          sessionId: values.sessionId,
          p256dh: values.p256dh,
          auth: values.auth,
          userAgent: values.userAgent,
          updatedAt: sql`now()`,
        },
      })
      // xmax is 0 on a row this statement inserted, the updating transaction's id otherwise.
      .returning({ id: pushSubscriptions.id, created: sql<boolean>`(xmax = 0)` });
    return { id: row!.id, created: Boolean(row!.created) };
  });
}

/** DELETE /api/push-subscriptions/{id}: the caller's own only; anyone else's is the same 404. */
export async function deletePushSubscription(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<{ id: number }> {
  const [row] = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (!row) throw notFound(PUSH_MESSAGES.notFound);
  return { id: row.id };
}

/** GET /api/push/vapid-public-key. */
export function vapidPublicKey(ctx: AppContext): { publicKey: string } {
  return { publicKey: ctx.config.push.vapid.publicKey };
}
