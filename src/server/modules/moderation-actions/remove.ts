import { MODERATION_ACTION_MESSAGES } from '@/contracts/moderation-action-values';
import type { Effect } from './effect';
import { removeDare } from './remove-dare';
import { removeProof } from './remove-proof';
import { moveTargetState } from './targets';

const conflict = MODERATION_ACTION_MESSAGES.alreadyRemoved;

/**
 * Takes the target down (moderation_state 'removed'). A dare and a proof carry their money
 * and lifecycle effects (remove-dare.ts, remove-proof.ts); a comment, a message or a profile
 * is only hidden.
 */
export const remove: Effect = async ({ ctx, tx, target }) => {
  const publicUrl = ctx.config.publicUrl;
  if (target.type === 'dare') {
    const removed = await removeDare(tx, publicUrl, target.id);
    return {
      changed: removed !== null,
      conflict,
      failedDareIds: removed?.failed ? [target.id] : [],
    };
  }
  if (target.type === 'submission') {
    const removed = await removeProof(tx, publicUrl, target.id);
    const failed = removed?.failedDareId;
    return { changed: removed !== null, conflict, failedDareIds: failed ? [failed] : [] };
  }
  return { changed: await moveTargetState(tx, target, 'any-but-removed', 'removed'), conflict };
};
