import { and, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import { AUTO_HIDE_REPORTERS } from '@/contracts/limits';
import type { ReportTargetType } from '@/contracts/reports';
import type { Tx } from '../../db/client';
import {
  comments,
  dares,
  messages,
  moderationCases,
  reports,
  submissions,
  users,
} from '../../db/schema';

export type CaseTarget = { targetType: ReportTargetType; targetId: number };

/**
 * The target's one OPEN case (issue 21), opened if there is none, in the caller's
 * transaction: by its first report, or by the danger screen for a dare held for review
 * (`screening`: the danger list's category). The partial unique index decides between
 * parallel openers; the winner's row is then locked, so the reports that join it are
 * counted one after the other (each sees the ones committed before it) and the auto-hide
 * below happens once. Locks in the order a moderator's action takes them (the target's row,
 * then its case: moderation-actions), so a report that hides and an action never deadlock.
 */
export async function openModerationCase(
  tx: Tx,
  target: CaseTarget & { ownerId: number | null; screening?: string | null },
): Promise<{ id: number; hiddenAt: Date | null }> {
  await tx
    .insert(moderationCases)
    .values({
      targetType: target.targetType,
      targetId: target.targetId,
      ownerId: target.ownerId,
      screening: target.screening ?? null,
    })
    .onConflictDoNothing();
  await lockTarget(tx, target);
  const [found] = await tx
    .select({ id: moderationCases.id, hiddenAt: moderationCases.hiddenAt })
    .from(moderationCases)
    .where(openCaseOf(target))
    .for('update');
  return found!;
}

/**
 * After a report joined the target's open case: once reports from AUTO_HIDE_REPORTERS
 * distinct accounts with a verified email are open on it, the case is marked hidden and the
 * target goes 'under_review' (DESIGN.md section 10), once: the update is guarded by
 * `hidden_at is null`. A removed target stays removed.
 */
export async function hideWhenReportedEnough(tx: Tx, target: CaseTarget): Promise<boolean> {
  const [counted] = await tx
    .select({ reporters: countDistinct(reports.reporterId) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(
      and(
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
        eq(reports.status, 'open'),
        eq(users.emailVerified, true),
      ),
    );
  if ((counted?.reporters ?? 0) < AUTO_HIDE_REPORTERS) return false;
  const hidden = await tx
    .update(moderationCases)
    .set({ hiddenAt: sql`now()` })
    .where(and(openCaseOf(target), isNull(moderationCases.hiddenAt)))
    .returning({ id: moderationCases.id });
  if (hidden.length === 0) return false;
  await putUnderReview(tx, target);
  return true;
}

const openCaseOf = (target: CaseTarget) =>
  and(
    eq(moderationCases.targetType, target.targetType),
    eq(moderationCases.targetId, target.targetId),
    eq(moderationCases.status, 'open'),
  );

async function lockTarget(tx: Tx, { targetType, targetId }: CaseTarget): Promise<void> {
  const table = TARGET_TABLES[targetType];
  await tx.select({ id: table.id }).from(table).where(eq(table.id, targetId)).for('no key update');
}

/** The target's own row 'under_review', unless it is already removed (or under review). */
async function putUnderReview(tx: Tx, { targetType, targetId }: CaseTarget): Promise<void> {
  const table = TARGET_TABLES[targetType];
  await tx
    .update(table)
    .set({ moderationState: 'under_review' })
    .where(and(eq(table.id, targetId), isNull(table.moderationState)));
}

const TARGET_TABLES = {
  dare: dares,
  submission: submissions,
  comment: comments,
  message: messages,
  user: users,
} as const;
