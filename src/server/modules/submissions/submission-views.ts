import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SubmissionView } from '@/contracts/submissions';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { dares, submissions, votes } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { DARE_NOT_FOUND } from '../dares/service';
import type { DareRow, SubmissionRow } from './resolve';
import { eligibleVoters } from './tally';

/**
 * Submissions as the API shows them. While a vote is open only its size is shown, not the
 * split (DESIGN.md section 5, no herding); the split appears once it is resolved.
 */
export async function toSubmissionViews(
  db: Db | Tx,
  dare: Pick<DareRow, 'id' | 'takerId'>,
  rows: SubmissionRow[],
  viewerId: number | undefined,
  now: Date,
): Promise<SubmissionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const counts = await db
    .select({
      submissionId: votes.submissionId,
      approvals: sql<number>`count(*) FILTER (WHERE ${votes.vote})::int`,
      rejections: sql<number>`count(*) FILTER (WHERE NOT ${votes.vote})::int`,
    })
    .from(votes)
    .where(inArray(votes.submissionId, ids))
    .groupBy(votes.submissionId);
  const mine = viewerId
    ? await db
        .select({ submissionId: votes.submissionId, vote: votes.vote })
        .from(votes)
        .where(and(inArray(votes.submissionId, ids), eq(votes.userId, viewerId)))
    : [];
  const voters = await eligibleVoters(db, dare.id, dare.takerId);
  const mayVote = viewerId !== undefined && voters.some((v) => v.userId === viewerId);

  return rows.map((row) => {
    const count = counts.find((c) => c.submissionId === row.id);
    const approvals = count?.approvals ?? 0;
    const rejections = count?.rejections ?? 0;
    const myVote = mine.find((m) => m.submissionId === row.id)?.vote ?? null;
    const open = row.status === 'pending' && row.votingEndsAt.getTime() > now.getTime();
    const resolved = row.status !== 'pending';
    return {
      id: row.id,
      dareId: row.dareId,
      userId: row.userId,
      videoUrl: row.videoUrl,
      thumbnailUrl: row.thumbnailUrl,
      captionsUrl: row.captionsUrl,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      votingEndsAt: row.votingEndsAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      voteCount: approvals + rejections,
      approvals: resolved ? approvals : null,
      rejections: resolved ? rejections : null,
      pledgerCount: voters.length,
      myVote,
      canVote: open && mayVote && myVote === null,
    };
  });
}

/** GET /api/submissions?dareId=: the dare's proofs, newest first. */
export async function listSubmissions(
  ctx: AppContext,
  dareId: number,
  viewerId: number | undefined,
  now: Date = new Date(),
): Promise<SubmissionView[]> {
  const [dare] = await ctx.db
    .select({ id: dares.id, takerId: dares.takerId })
    .from(dares)
    .where(eq(dares.id, dareId));
  if (!dare) throw notFound(DARE_NOT_FOUND);
  const rows = await ctx.db
    .select()
    .from(submissions)
    .where(eq(submissions.dareId, dareId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
  return toSubmissionViews(ctx.db, dare, rows, viewerId, now);
}
