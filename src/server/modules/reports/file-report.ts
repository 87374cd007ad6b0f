import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { REPORTS_PER_HOUR } from '@/contracts/limits';
import { type createReportSchema, REPORT_MESSAGES, type ReportReceipt } from '@/contracts/reports';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { reports } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { hideWhenReportedEnough, openModerationCase } from './moderation-case';
import { findReportTarget } from './report-targets';

type ReportInput = z.output<typeof createReportSchema>;

/**
 * POST /api/reports (issue 21 item 1): one open report per reporter and target (the unique
 * index decides, also between parallel twins). The same report again answers the first one
 * (`created: false`) and spends no budget; a new one spends one of REPORTS_PER_HOUR.
 */
export async function fileReport(
  ctx: AppContext,
  reporterId: number,
  input: ReportInput,
): Promise<{ report: ReportReceipt; created: boolean }> {
  const target = await findReportTarget(ctx.db, input.targetType, input.targetId, reporterId);
  if (!target) throw notFound(REPORT_MESSAGES.notFound);
  if (target.ownerId === reporterId) throw badRequest(REPORT_MESSAGES.own, 'own_content');

  const filed = await ctx.db.transaction(async (tx) => {
    // The insert first: a repeat (or a parallel twin, which waits for this one's commit)
    // finds the open report and spends no budget; a new one spends one in the same
    // transaction, so a 429 leaves no report behind.
    const row = await insertOpenReport(tx, { reporterId, ...input, ownerId: target.ownerId });
    if (!row) return null;
    await takeRateLimit(tx, {
      key: `reports:user:${reporterId}`,
      limit: REPORTS_PER_HOUR,
      windowSeconds: 60 * 60,
    });
    return receipt(row);
  });
  if (filed) return { report: filed, created: true };
  const first = await openReportOf(ctx, reporterId, input);
  if (!first) throw notFound(REPORT_MESSAGES.notFound);
  return { report: first, created: false };
}

/**
 * THE insert of a report, in the caller's transaction (a report's route, a reject vote for
 * danger): null when the reporter already has an open report on the target. A new report
 * opens (or joins) the target's moderation case and may hide the target (moderation-case.ts).
 */
export async function insertOpenReport(
  tx: Tx,
  report: ReportInput & { reporterId: number; ownerId: number },
) {
  const [row] = await tx
    .insert(reports)
    .values({
      reporterId: report.reporterId,
      targetType: report.targetType,
      targetId: report.targetId,
      ownerId: report.ownerId,
      reason: report.reason,
      details: report.details,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id, status: reports.status });
  if (!row) return null;
  const target = { targetType: report.targetType, targetId: report.targetId };
  await openModerationCase(tx, { ...target, ownerId: report.ownerId });
  await hideWhenReportedEnough(tx, target);
  return row;
}

async function openReportOf(ctx: AppContext, reporterId: number, input: ReportInput) {
  const [row] = await ctx.db
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, 'open'),
      ),
    );
  return row ? receipt(row) : null;
}

const receipt = (row: { id: number; status: string }): ReportReceipt => ({
  id: row.id,
  status: row.status === 'resolved' ? 'resolved' : 'open',
});
