import type { ModerationAction, ModerationLogEntry } from '@/contracts/moderation';
import type { ReportTargetType } from '@/contracts/reports';
import type { Tx } from '../../db/client';
import { moderationActions } from '../../db/schema';

export type AuditRow = typeof moderationActions.$inferSelect;

/**
 * Appends the action's one row to the audit log, first in the action's transaction: its id
 * marks the reports the action resolves, and a refusal found later (a parallel twin's 409)
 * rolls it back with everything else. The table refuses UPDATE and DELETE (drizzle/0023).
 */
export async function appendAuditRow(
  tx: Tx,
  moderator: { id: number; username: string },
  action: {
    action: ModerationAction;
    targetType: ReportTargetType;
    targetId: number;
    reason: string;
    until: Date | null;
  },
): Promise<AuditRow> {
  const [row] = await tx
    .insert(moderationActions)
    .values({ moderatorId: moderator.id, moderatorName: moderator.username, ...action })
    .returning();
  return row!;
}

/** One row as GET /api/moderation/log and POST /api/moderation/actions answer it. */
export function toLogEntry(row: AuditRow): ModerationLogEntry {
  return {
    id: row.id,
    moderator: { id: row.moderatorId, username: row.moderatorName },
    action: row.action as ModerationAction,
    targetType: row.targetType as ReportTargetType,
    targetId: row.targetId,
    reason: row.reason,
    until: row.until?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
