import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { Db, Tx } from '../../db/client';
import { pledges, votes } from '../../db/schema';

/**
 * Who may vote on a dare's proof (DESIGN.md section 5): the distinct users with a live
 * pledge on it, never its taker. `takerId` null (a taker who deleted their account)
 * excludes nobody.
 */
export function eligibleVoters(db: Db | Tx, dareId: number, takerId: number | null) {
  const conditions = [
    eq(pledges.dareId, dareId),
    inArray(pledges.status, [...LIVE_PLEDGE_STATUSES]),
  ];
  if (takerId !== null) conditions.push(ne(pledges.userId, takerId));
  return db
    .selectDistinct({ userId: pledges.userId })
    .from(pledges)
    .where(and(...conditions));
}

export async function isEligibleVoter(
  db: Db | Tx,
  dare: { id: number; takerId: number | null },
  userId: number,
): Promise<boolean> {
  // This user's live pledges only (one indexed read), not every pledger of the dare: a vote
  // runs under its proof's lock, and a viral dare has 10,000 pledgers (issue 23).
  if (dare.takerId === userId) return false;
  const [row] = await db
    .select({ id: pledges.id })
    .from(pledges)
    .where(
      and(
        eq(pledges.userId, userId),
        eq(pledges.dareId, dare.id),
        inArray(pledges.status, [...LIVE_PLEDGE_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The counts the rule decides on: the pledgers as they are now ("when the vote is
 * counted"), and the votes of those pledgers only, so approvals + rejections never exceed
 * the pledger count even if a voter's hold lapsed since.
 */
export async function countVotes(
  db: Db | Tx,
  submissionId: number,
  dare: { id: number; takerId: number | null },
) {
  const voters = eligibleVoters(db, dare.id, dare.takerId);
  const [pledgerRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(voters.as('voters'));
  const [voteRow] = await db
    .select({
      approvals: sql<number>`count(*) FILTER (WHERE ${votes.vote})::int`,
      rejections: sql<number>`count(*) FILTER (WHERE NOT ${votes.vote})::int`,
    })
    .from(votes)
    .where(
      and(
        eq(votes.submissionId, submissionId),
        inArray(votes.userId, eligibleVoters(db, dare.id, dare.takerId)),
      ),
    );
  return {
    pledgerCount: pledgerRow?.count ?? 0,
    approvals: voteRow?.approvals ?? 0,
    rejections: voteRow?.rejections ?? 0,
  };
}
