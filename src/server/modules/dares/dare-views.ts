import { inArray, type Placeholder, sql } from 'drizzle-orm';
import type { DareUser, DareView } from '@/contracts/dares';
import { centsToDollars } from '@/contracts/money';
import type { AppContext } from '../../context';
import { dares, type submissions } from '../../db/schema';

export type DareRow = typeof dares.$inferSelect;
type SubmissionJson = {
  id: number;
  videoUrl: string;
  thumbnailUrl: string | null;
  captionsUrl: string | null;
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
    'thumbnailUrl', s.thumbnail_url, 'captionsUrl', s.captions_url, 'status', s.status,
    'createdAt', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'votingEndsAt', to_char(s.voting_ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM submissions s WHERE s.dare_id = dares.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1)`);

const viewerFlag = (viewerId: number | Placeholder | undefined, from: string, extra = '') =>
  viewerId
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${sql.raw(from)} x WHERE x.dare_id = dares.id AND x.user_id = ${viewerId}${sql.raw(extra)})`
    : sql<boolean>`false`;

/** What a dare's read view needs beyond its row: people, latest proof, the viewer's flags. */
export type ViewExtras = {
  creator: DareUser;
  sponsor: DareUser | null;
  submission: SubmissionJson | null;
  pledged: boolean;
  liked: boolean;
  saved: boolean;
};

/**
 * The extras as columns of a select on `dares`, so a list query can return them with its
 * rows (one round trip for a feed page) and toDareViews does not ask again.
 */
export function viewExtrasColumns(viewerId: number | Placeholder | undefined) {
  return {
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
  };
}

/** A row that already carries its extras, read for `viewerId`. */
export type DareRowWithExtras = DareRow & { extras?: ViewExtras & { viewerId?: number } };

/**
 * Turns dare rows into the API's read view. Rows read with their extras for the same viewer
 * (viewExtrasColumns) are used as they are; the others get theirs in one query per page.
 */
export async function toDareViews(
  ctx: AppContext,
  rows: DareRowWithExtras[],
  viewerId: number | undefined,
): Promise<DareView[]> {
  if (rows.length === 0) return [];
  const missing = rows.filter((row) => !row.extras || row.extras.viewerId !== viewerId);
  const byId = new Map<number, ViewExtras>();
  for (const row of rows) {
    if (row.extras && row.extras.viewerId === viewerId) byId.set(row.id, row.extras);
  }
  if (missing.length > 0) {
    const found = await ctx.db
      .select({ id: dares.id, ...viewExtrasColumns(viewerId) })
      .from(dares)
      .where(
        inArray(
          dares.id,
          missing.map((row) => row.id),
        ),
      );
    for (const { id, ...extra } of found) byId.set(id, extra);
  }
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
      pitchCaptions: row.pitchCaptions,
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
      moderationState: row.moderationState,
      // Lists never hold a gated dare (isListedSql); the detail gates (mature-gate.ts).
      matureGate: false,
    };
  });
}
