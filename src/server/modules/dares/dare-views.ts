import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DareUser, DareView } from '@/contracts/dares';
import { centsToDollars } from '@/contracts/money';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { AppContext } from '../../context';
import { dareLikes, dareSaves, type dares, pledges, submissions, users } from '../../db/schema';

export type DareRow = typeof dares.$inferSelect;
type SubmissionRow = typeof submissions.$inferSelect;

/**
 * Turns dare rows into the API's read view with a fixed number of queries per page
 * (people, latest proofs, and the viewer's pledges, likes and saves), never one per dare.
 */
export async function toDareViews(
  ctx: AppContext,
  rows: DareRow[],
  viewerId: number | undefined,
): Promise<DareView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const peopleIds = [
    ...new Set(rows.flatMap((row) => [row.creatorId, row.sponsoredBy].filter((id) => id !== null))),
  ];
  const [people, proofs, pledged, liked, saved] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        profilePicture: users.profilePicture,
      })
      .from(users)
      .where(inArray(users.id, peopleIds)),
    latestSubmissions(ctx, ids),
    viewerId
      ? viewerDareIds(ctx, pledges, ids, viewerId, true)
      : Promise.resolve(new Set<number>()),
    viewerId ? viewerDareIds(ctx, dareLikes, ids, viewerId) : Promise.resolve(new Set<number>()),
    viewerId ? viewerDareIds(ctx, dareSaves, ids, viewerId) : Promise.resolve(new Set<number>()),
  ]);
  const person = new Map<number, DareUser>(people.map((p) => [p.id, p]));
  return rows.map((row) => {
    const proof = proofs.get(row.id);
    return {
      id: row.id,
      creatorId: row.creatorId,
      title: row.title,
      description: row.description,
      targetAmount: centsToDollars(row.targetAmountCents),
      currentAmount: centsToDollars(row.currentAmountCents),
      status: row.status,
      category: row.category,
      contentRating: row.contentRating,
      coverImage: row.coverImage,
      pitchVideo: row.pitchVideo,
      pitchPoster: row.pitchPoster,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      dareType: row.dareType,
      recipientType: row.recipientType,
      isPublicChallenge: row.isPublicChallenge,
      takerId: row.takerId,
      acceptedBy: row.acceptedBy,
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      sponsoredBy: row.sponsoredBy,
      sponsor: row.sponsoredBy ? (person.get(row.sponsoredBy) ?? null) : null,
      sponsorshipRequestId: row.sponsorshipRequestId,
      creator: person.get(row.creatorId)!,
      submission: proof
        ? {
            id: proof.id,
            videoUrl: proof.videoUrl,
            thumbnailUrl: proof.thumbnailUrl,
            status: proof.status,
            createdAt: proof.createdAt.toISOString(),
            votingEndsAt: proof.votingEndsAt.toISOString(),
          }
        : null,
      pledgeCount: row.pledgeCount,
      hasUserPledged: pledged.has(row.id),
      likeCount: row.likeCount,
      commentCount: row.commentCount,
      viewCount: row.viewCount,
      isLiked: liked.has(row.id),
      isSaved: saved.has(row.id),
      featured: row.featuredAt !== null,
    };
  });
}

/** The newest proof of each dare. */
export async function latestSubmissions(
  ctx: AppContext,
  dareIds: number[],
): Promise<Map<number, SubmissionRow>> {
  if (dareIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectDistinctOn([submissions.dareId])
    .from(submissions)
    .where(inArray(submissions.dareId, dareIds))
    .orderBy(submissions.dareId, desc(submissions.createdAt), desc(submissions.id));
  return new Map(rows.map((row) => [row.dareId, row]));
}

type ViewerTable = typeof pledges | typeof dareLikes | typeof dareSaves;

async function viewerDareIds(
  ctx: AppContext,
  table: ViewerTable,
  dareIds: number[],
  viewerId: number,
  liveOnly = false,
): Promise<Set<number>> {
  const conditions = [eq(table.userId, viewerId), inArray(table.dareId, dareIds)];
  if (liveOnly) conditions.push(inArray(pledges.status, [...LIVE_PLEDGE_STATUSES]));
  const rows = await ctx.db
    .selectDistinct({ dareId: table.dareId })
    .from(table)
    .where(and(...conditions));
  return new Set(rows.map((row) => row.dareId));
}
