import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ModerationLogEntry, moderationActionSchema } from '@/contracts/moderation';
import { MODERATION_ACTION_MESSAGES } from '@/contracts/moderation-action-values';
import { actionRefusal } from '@/domain/moderation-action-rules';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FundingOptions } from '../funding/funding-options';
import { releaseDareFunding } from '../funding/release-funding';
import { appendAuditRow, toLogEntry } from './audit-log';
import { EFFECTS } from './dispatch';
import { RESOLVING_ACTIONS, resolveTarget } from './resolve-reports';
import { readTarget } from './targets';

type ActionInput = z.output<typeof moderationActionSchema>;
type Moderator = { id: number; username: string; role: 'user' | 'moderator' | 'admin' };

/**
 * POST /api/moderation/actions (issue 21 items 3 and 4). In ONE transaction: the target read
 * (404 when it does not exist), the action checked against it (400: domain/moderation-action-
 * rules), the audit row appended, the action's effect (dispatch.ts), and the target's open
 * case and reports closed with each reporter told once. A state conflict (already removed,
 * nothing to dismiss or restore, not suspended) is a 409 that rolls all of it back, the audit
 * row included, so 100 parallel twins change and log once.
 *
 * After the commit, the holds of the dares that failed are released through releaseDareFunding
 * (the gateway is never called inside a transaction; the release job queued in the
 * transaction is the retry if this fails or the process dies): the answer comes once they are.
 */
export async function takeModerationAction(
  ctx: AppContext,
  moderator: Moderator,
  input: ActionInput,
  options: FundingOptions = {},
): Promise<ModerationLogEntry> {
  const until = input.until ? new Date(input.until) : null;
  const { entry, failedDareIds } = await ctx.db.transaction(async (tx) => {
    const target = await readTarget(tx, input.targetType, input.targetId);
    if (!target) throw notFound(MODERATION_ACTION_MESSAGES.targetNotFound);
    const owner = target.ownerId === null ? null : await accountOf(tx, target.ownerId);
    const refusal = actionRefusal(
      { action: input.action, until },
      { ...moderator, deletedAt: null },
      owner,
      new Date(),
    );
    if (refusal) throw badRequest(refusal, 'moderation_refused');

    const audit = await appendAuditRow(tx, moderator, {
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: input.reason,
      until,
    });
    const effect = await EFFECTS[input.action]({
      ctx,
      tx,
      target,
      ownerId: owner?.id ?? null,
      until,
      audit,
    });
    let closed = 0;
    if (RESOLVING_ACTIONS.includes(input.action)) {
      const publicUrl = ctx.config.publicUrl;
      for (const decided of [target, ...(effect.alsoResolved ?? [])]) {
        const resolved = await resolveTarget(tx, publicUrl, decided, {
          id: audit.id,
          action: input.action,
        });
        closed += resolved.cases + resolved.reports;
      }
    }
    // Dismissing only closes reports when nothing was hidden: it needs something open.
    const didSomething = effect.changed || (input.action === 'dismiss' && closed > 0);
    if (!didSomething) throw conflict(effect.conflict ?? 'Nothing changed', 'moderation_conflict');
    return { entry: toLogEntry(audit), failedDareIds: effect.failedDareIds ?? [] };
  });
  // The sessions a suspension ended: this instance drops their lookups now that it committed.
  if (input.action === 'suspend') ctx.caches.sessions.invalidate();
  for (const dareId of failedDareIds) {
    try {
      await releaseDareFunding(ctx, dareId, options);
    } catch (error) {
      ctx.log.error({ err: error, dareId }, 'release after a removal left for its job');
    }
  }
  return entry;
}

async function accountOf(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
