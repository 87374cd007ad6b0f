import type { ModerationQueue, ModerationQueueItem } from '@/contracts/moderation';
import type { ReportReason, ReportTargetType } from '@/contracts/reports';
import type { AppContext } from '../../context';
import { caseReasons, caseReporters, type QueueStatus, queueCases } from './queue-cases';
import { missingContent, ownersById, targetContents } from './queue-content';

/**
 * GET /api/moderation/reports (issue 21 item 3): the cases grouped by target, each with the
 * content itself, its owner, the reasons with their counts and the reporters. A fixed number
 * of queries whatever the queue holds: the cases, then (together) their reasons, reporters,
 * owners and one query per kind of target.
 */
export async function moderationQueue(
  ctx: AppContext,
  status: QueueStatus,
): Promise<ModerationQueue> {
  const cases = await queueCases(ctx.db, status);
  const ids = cases.map((row) => row.id);
  const [reasons, reporters, owners, contents] = await Promise.all([
    caseReasons(ctx.db, status, ids),
    caseReporters(ctx.db, status, ids),
    ownersById(
      ctx.db,
      cases.flatMap((row) => (row.ownerId === null ? [] : [row.ownerId])),
    ),
    targetContents(ctx.db, cases),
  ]);
  const reasonsOf = byCase(reasons);
  const reportersOf = byCase(reporters);
  const items = cases.map(
    (row): ModerationQueueItem => ({
      caseId: row.id,
      targetType: row.targetType as ReportTargetType,
      targetId: row.targetId,
      status: row.status === 'resolved' ? 'resolved' : 'open',
      owner: (row.ownerId !== null && owners.get(row.ownerId)) || null,
      content: contents.get(`${row.targetType}:${row.targetId}`) ?? missingContent,
      reportCount: row.reportCount,
      reasons: (reasonsOf.get(row.id) ?? []).map((entry) => ({
        reason: entry.reason as ReportReason,
        count: entry.count,
      })),
      reporters: (reportersOf.get(row.id) ?? []).map((entry) => ({
        user: entry.user,
        reason: entry.reason as ReportReason,
        details: entry.details,
        createdAt: entry.createdAt.toISOString(),
      })),
      screening: row.screening,
      hidden: row.hiddenAt !== null,
      openedAt: row.openedAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    }),
  );
  return { items };
}

function byCase<T extends { caseId: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.caseId);
    if (list) list.push(row);
    else grouped.set(row.caseId, [row]);
  }
  return grouped;
}
