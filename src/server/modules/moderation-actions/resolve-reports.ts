import { and, eq } from 'drizzle-orm';
import type { ModerationAction } from '@/contracts/moderation';
import type { ReportOutcome } from '@/contracts/notifications';
import type { ReportTargetType } from '@/contracts/reports';
import type { Tx } from '../../db/client';
import { moderationCases, reports } from '../../db/schema';
import { notify } from '../notifications/notify';

/** What each action tells the reporters (unsuspend resolves nothing: see RESOLVING_ACTIONS). */
const OUTCOMES: Record<ModerationAction, ReportOutcome> = {
  dismiss: 'no_violation',
  restore: 'no_violation',
  remove: 'removed',
  warn: 'action_taken',
  suspend: 'action_taken',
  unsuspend: 'action_taken',
};

/**
 * A moderator who dismissed, removed, restored, warned or suspended has looked at the target
 * and decided, so its open case and open reports are closed. Unsuspending is about the account
 * only: reports filed since stay open for a decision of their own.
 */
export const RESOLVING_ACTIONS: readonly ModerationAction[] = [
  'dismiss',
  'remove',
  'restore',
  'warn',
  'suspend',
];

/**
 * Closes the target's open moderation case and its open reports in the action's transaction
 * (marked with the audit row that closed them), and tells each reporter once that their report
 * was reviewed (one open report per reporter and target: the partial unique index). Guarded by
 * `status = 'open'`, so parallel actions close and notify once. Returns what it closed.
 */
export async function resolveTarget(
  tx: Tx,
  publicUrl: string,
  target: { type: ReportTargetType; id: number },
  action: { id: number; action: ModerationAction },
): Promise<{ cases: number; reports: number }> {
  const now = new Date();
  const ofTarget = (table: typeof reports | typeof moderationCases) =>
    and(eq(table.targetType, target.type), eq(table.targetId, target.id), eq(table.status, 'open'));
  const cases = await tx
    .update(moderationCases)
    .set({ status: 'resolved', resolvedAt: now })
    .where(ofTarget(moderationCases))
    .returning({ id: moderationCases.id });
  const closed = await tx
    .update(reports)
    .set({ status: 'resolved', resolvedAt: now, resolvedByActionId: action.id })
    .where(ofTarget(reports))
    .returning({ reporterId: reports.reporterId });
  const reporters = [...new Set(closed.map((row) => row.reporterId))].sort((a, b) => a - b);
  for (const userId of reporters) {
    await notify(tx, publicUrl, {
      userId,
      dareId: null,
      kind: 'report_resolved',
      data: { targetType: target.type, outcome: OUTCOMES[action.action] },
    });
  }
  return { cases: cases.length, reports: closed.length };
}
