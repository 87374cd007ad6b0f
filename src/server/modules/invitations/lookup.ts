import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { INVITATION_MESSAGES } from '@/contracts/invitations';
import { INVITATION_MISS_WINDOW_MINUTES, INVITATION_MISSES_PER_WINDOW } from '@/contracts/limits';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { challengeInvitations, dares } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { hashOfPresentedToken } from './tokens';

/** Unknown, malformed, used, declined and expired tokens all get this one answer. */
export const invalidInvitation = () => notFound(INVITATION_MESSAGES.invalid);

/** What still makes an invitation usable: unused, not declined, its dare open and untaken. */
export const isLive = () =>
  and(
    isNull(challengeInvitations.usedAt),
    isNull(challengeInvitations.declinedAt),
    gt(challengeInvitations.expiresAt, sql`now()`),
    gt(dares.expiresAt, sql`now()`),
    isNull(dares.acceptedBy),
    inArray(dares.status, ['pending', 'active']),
  );

/** The live invitation a token names, with its dare; `lock` holds both rows for a change. */
export async function findLiveInvitation(
  db: Db | Tx,
  ctx: AppContext,
  token: string,
  options: { lock?: boolean } = {},
) {
  const hash = hashOfPresentedToken(ctx, token);
  if (!hash) return null;
  return liveInvitationWhere(db, eq(challengeInvitations.tokenHash, hash), options.lock);
}

/**
 * The live invitation of a dare with the dare, both locked: how the account at the invited
 * address answers it from Dare Requests, without the token (decision 0036).
 */
export async function lockLiveInvitationOfDare(tx: Tx, dareId: number) {
  return liveInvitationWhere(tx, eq(challengeInvitations.dareId, dareId), true);
}

export type LiveInvitation = NonNullable<Awaited<ReturnType<typeof lockLiveInvitationOfDare>>>;

async function liveInvitationWhere(db: Db | Tx, where: SQL, lock = false) {
  const query = db
    .select({ invitation: challengeInvitations, dare: dares })
    .from(challengeInvitations)
    .innerJoin(dares, eq(dares.id, challengeInvitations.dareId))
    .where(and(where, isLive()))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/**
 * Runs a token lookup and counts it against the caller's address when it finds nothing
 * (decision 0019): someone guessing tokens only misses, and is stopped after
 * INVITATION_MISSES_PER_WINDOW of them with 429; people with a real link never are.
 */
export async function countingMisses<T>(
  ctx: AppContext,
  address: string,
  lookup: () => Promise<T>,
): Promise<T> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) {
      await takeRateLimit(ctx.db, {
        key: `invitation-miss:ip:${address}`,
        limit: INVITATION_MISSES_PER_WINDOW,
        windowSeconds: INVITATION_MISS_WINDOW_MINUTES * 60,
      });
    }
    throw error;
  }
}
