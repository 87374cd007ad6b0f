import { and, asc, eq, gt } from 'drizzle-orm';
import { dares, submissions, votes } from '../../../db/schema';
import { iso, type SectionReader } from './shared';

/** The account's votes on proofs of dares it pledged to, with the reason it gave. */
export const readVotes: SectionReader<'votes'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: votes.id,
      proofId: votes.submissionId,
      dare: { id: dares.id, title: dares.title },
      approved: votes.vote,
      reason: votes.reason,
      createdAt: votes.createdAt,
    })
    .from(votes)
    .innerJoin(submissions, eq(submissions.id, votes.submissionId))
    .innerJoin(dares, eq(dares.id, submissions.dareId))
    .where(and(eq(votes.userId, scope.userId), gt(votes.id, after)))
    .orderBy(asc(votes.id))
    .limit(limit);
  return rows.map((row) => ({ key: row.id, row: { ...row, createdAt: iso(row.createdAt) } }));
};
