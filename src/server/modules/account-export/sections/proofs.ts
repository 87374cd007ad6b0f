import { and, asc, eq, gt } from 'drizzle-orm';
import { dares, submissions } from '../../../db/schema';
import { iso, isoOrNull, link, linkOrNull, type SectionReader } from './shared';

/** The proofs the account submitted for dares it took on. */
export const readProofs: SectionReader<'proofs'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: submissions.id,
      dare: { id: dares.id, title: dares.title },
      videoUrl: submissions.videoUrl,
      thumbnailUrl: submissions.thumbnailUrl,
      captionsUrl: submissions.captionsUrl,
      status: submissions.status,
      votingEndsAt: submissions.votingEndsAt,
      resolvedAt: submissions.resolvedAt,
      createdAt: submissions.createdAt,
    })
    .from(submissions)
    .innerJoin(dares, eq(dares.id, submissions.dareId))
    .where(and(eq(submissions.userId, scope.userId), gt(submissions.id, after)))
    .orderBy(asc(submissions.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.id,
    row: {
      id: row.id,
      dare: row.dare,
      videoUrl: link(scope, row.videoUrl),
      thumbnailUrl: linkOrNull(scope, row.thumbnailUrl),
      captionsUrl: linkOrNull(scope, row.captionsUrl),
      status: row.status,
      votingEndsAt: iso(row.votingEndsAt),
      resolvedAt: isoOrNull(row.resolvedAt),
      createdAt: iso(row.createdAt),
    },
  }));
};
