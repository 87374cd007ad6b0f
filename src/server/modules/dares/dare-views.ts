import { inArray, sql } from 'drizzle-orm';
import type { DareUser, DareView } from '@/contracts/dares';
import { centsToDollars } from '@/contracts/money';
import type { AppContext } from '../../context';
import { dares, type submissions } from '../../db/schema';

export type DareRow = typeof dares.$inferSelect;
type SubmissionJson = {
  id: number;
  videoUrl: string;
  thumbnailUrl: string | null;
  status: (typeof submissions.$inferSelect)['status'];
  createdAt: string;
  votingEndsAt: string;
};

const personJson = (idColumn: string) =>
  sql.raw(`(SELECT json_build_object('id', u.id, 'username', u.username,
    'displayName', u.display_name, 'profilePicture', u.profile_picture)
    FROM users u WHERE u.id = ${idColumn})`);

/** The newest proof of the dare, with timestamps as ISO text. */
const latestSubmissionJson = sql.raw(`(SELECT json_build_object('id', s.id, 'videoUrl', s.video_url,
    'thumbnailUrl', s.thumbnail_url, 'status', s.status,
    'createdAt', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'votingEndsAt', to_char(s.voting_ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM submissions s WHERE s.dare_id = dares.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1)`);

const viewerFlag = (viewerId: number | undefined, from: string, extra = '') =>
  viewerId
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${sql.raw(from)} x WHERE x.dare_id = dares.id AND x.user_id = ${viewerId}${sql.raw(extra)})`
    : sql<boolean>`false`;

/**
 * Turns dare rows into the API's read view with one query per page: people, the latest
 * proof and the viewer's pledge, like and save come back as columns of the same row.
 */
export async function toDareViews(
  ctx: AppContext,
  rows: DareRow[],
  viewerId: number | undefined,
): Promise<DareView[]> {
  if (rows.length === 0) return [];
  const extras = await ctx.db
    .select({
      id: dares.id,
      creator: sql<DareUser>`${personJson('dares.creator_id')}`,
      sponsor: sql<DareUser | null>`${personJson('dares.sponsored_by')}`,
      submission: sql<SubmissionJson | null>`${latestSubmissionJson}`,
      pledged: viewerFlag(
        viewerId,
        'pledges',
        ` AND x.status IN ('authorized', 'requires_action', 'captured')`,
      ),
      liked: viewerFlag(viewerId, 'dare_likes'),
      saved: viewerFlag(viewerId, 'dare_saves'),
    })
    .from(dares)
    .where(
      inArray(
        dares.id,
        rows.map((row) => row.id),
      ),
    );
  const byId = new Map(extras.map((extra) => [extra.id, extra]));
  return rows.map((row) => {
    const extra = byId.get(row.id)!;
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
      sponsor: extra.sponsor ?? null,
      sponsorshipRequestId: row.sponsorshipRequestId,
      creator: extra.creator,
      submission: extra.submission ?? null,
      pledgeCount: row.pledgeCount,
      hasUserPledged: extra.pledged,
      likeCount: row.likeCount,
      commentCount: row.commentCount,
      viewCount: row.viewCount,
      isLiked: extra.liked,
      isSaved: extra.saved,
      featured: row.featuredAt !== null,
    };
  });
}
