import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import type { Db, Tx } from '../../db/client';
import { userBlocks } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { SqlParam } from '../moderation/visibility-sql';

/** Whether either of the two blocked the other. */
export async function isBlockedBetween(db: Db | Tx, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The same question inside another query, for a person and a column of people (a
 * conversation's participants read with it in one statement, issue 23). The person may be a
 * placeholder of a statement built once.
 */
export function blockedBetweenSql(a: SqlParam, b: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM user_blocks ub
    WHERE (ub.blocker_id = ${a} AND ub.blocked_id = ${b})
       OR (ub.blocker_id = ${b} AND ub.blocked_id = ${a}))`;
}

/**
 * THE check before one person reaches another (issue 21 item 5): a follow, a message, a dare
 * request, a comment on their dare. A block either way answers 403; the words do not say
 * who blocked whom.
 */
export async function refuseIfBlocked(db: Db | Tx, actorId: number, otherId: number) {
  if (actorId !== otherId && (await isBlockedBetween(db, actorId, otherId))) {
    throw forbidden(MODERATION_MESSAGES.blocked);
  }
}

/**
 * Serializes what must not interleave for one pair of people: a block (which ends their
 * follows) and a follow between them (which checks for a block first). Without it a follow
 * could check, a block commit, and the follow's row outlive the block. Transaction-scoped;
 * the two-key form, a key space of its own (the startup lock uses the one-key form).
 */
export async function lockPair(tx: Tx, a: number, b: number) {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${low}::int, ${high}::int)`);
}
