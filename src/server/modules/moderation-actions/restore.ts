import { MODERATION_ACTION_MESSAGES } from '@/contracts/moderation-action-values';
import type { Effect } from './effect';
import { unblockPayout } from './remove-dare';
import { moveTargetState } from './targets';

/**
 * Brings removed content back (moderation_state null). Money is not re-authorized: a dare that
 * failed when it was removed stays failed with its holds released. A completed dare's payout
 * that the removal blocked is unblocked (the payout retry job pays it).
 */
export const restore: Effect = async ({ tx, target }) => {
  const changed = await moveTargetState(tx, target, 'removed', null);
  if (changed && target.type === 'dare') await unblockPayout(tx, target.id);
  return { changed, conflict: MODERATION_ACTION_MESSAGES.notRemoved };
};
