import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { MODERATION_QUEUE_MAX, MODERATION_REPORTERS_SHOWN } from '@/contracts/limits';
import type { Db } from '../../db/client';
import { moderationCases, reports, users } from '../../db/schema';

export type QueueStatus = 'open' | 'resolved';

/**
 * The reports that belong to a case (of the outer `moderation_cases` row): an open case has
 * its target's open reports; a resolved case the reports its decision closed, which
 * moderation-actions (resolveTarget) stamps with the case's own resolvedAt in one transaction.
 */
function reportsOfCase(status: QueueStatus): SQL {
  const target = and(
    eq(reports.targetType, moderationCases.targetType),
    eq(reports.targetId, moderationCases.targetId),
  );
  if (status === 'open') return and(target, eq(reports.status, 'open'))!;
  return and(
    target,
    eq(reports.status, 'resolved'),
    eq(reports.resolvedAt, moderationCases.resolvedAt),
  )!;
}

/**
 * The queue's cases, at most MODERATION_QUEUE_MAX: open ones most reported first, then the
 * oldest (the longest waiting); resolved ones the most recently decided first.
 */
export async function queueCases(db: Db, status: QueueStatus) {
  const reportCount = sql<number>`(select count(*)::int from ${reports} where ${reportsOfCase(status)})`;
  const order =
    status === 'open'
      ? [desc(reportCount), asc(moderationCases.openedAt), asc(moderationCases.id)]
      : [desc(moderationCases.resolvedAt), desc(moderationCases.id)];
  return db
    .select({
      id: moderationCases.id,
      targetType: moderationCases.targetType,
      targetId: moderationCases.targetId,
      ownerId: moderationCases.ownerId,
      status: moderationCases.status,
      screening: moderationCases.screening,
      hiddenAt: moderationCases.hiddenAt,
      openedAt: moderationCases.openedAt,
      resolvedAt: moderationCases.resolvedAt,
      reportCount,
    })
    .from(moderationCases)
    .where(eq(moderationCases.status, status))
    .orderBy(...order)
    .limit(MODERATION_QUEUE_MAX);
}

/** Every listed case's reasons with their counts: one query. */
export async function caseReasons(db: Db, status: QueueStatus, caseIds: number[]) {
  if (caseIds.length === 0) return [];
  return db
    .select({ caseId: moderationCases.id, reason: reports.reason, count: count() })
    .from(moderationCases)
    .innerJoin(reports, reportsOfCase(status))
    .where(inArray(moderationCases.id, caseIds))
    .groupBy(moderationCases.id, reports.reason)
    .orderBy(moderationCases.id, desc(count()), reports.reason);
}

/**
 * Who reported each listed case, why and when (the newest MODERATION_REPORTERS_SHOWN of each,
 * through a lateral join): one query, newest first.
 */
export async function caseReporters(db: Db, status: QueueStatus, caseIds: number[]) {
  if (caseIds.length === 0) return [];
  const newest = db
    .select({
      reporterId: reports.reporterId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reportId: reports.id,
    })
    .from(reports)
    .where(reportsOfCase(status))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(MODERATION_REPORTERS_SHOWN)
    .as('newest');
  return db
    .select({
      caseId: moderationCases.id,
      reason: newest.reason,
      details: newest.details,
      createdAt: newest.createdAt,
      user: {
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        profilePicture: users.profilePicture,
      },
    })
    .from(moderationCases)
    .innerJoinLateral(newest, sql`true`)
    .innerJoin(users, eq(users.id, newest.reporterId))
    .where(inArray(moderationCases.id, caseIds))
    .orderBy(moderationCases.id, desc(newest.createdAt), desc(newest.reportId));
}
