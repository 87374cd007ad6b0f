import type { ModerationAction } from '@/contracts/moderation';
import { MODERATION_ACTION_MESSAGES } from '@/contracts/moderation-action-values';
import { dismiss } from './dismiss';
import type { Effect } from './effect';
import { remove } from './remove';
import { restore } from './restore';
import { suspendAccount, unsuspendAccount } from './suspend';
import { warn } from './warn';

/** Each action's effect on its target (or, for warn / suspend / unsuspend, its owner). */
export const EFFECTS: Record<ModerationAction, Effect> = {
  dismiss,
  remove,
  restore,
  warn,
  suspend: async ({ ctx, tx, ownerId, until }) => {
    const { failedDareIds, removedDareIds } = await suspendAccount(ctx, tx, ownerId!, until);
    return {
      changed: true,
      failedDareIds,
      alsoResolved: removedDareIds.map((id) => ({ type: 'dare' as const, id })),
    };
  },
  unsuspend: async ({ tx, ownerId }) => ({
    changed: await unsuspendAccount(tx, ownerId!),
    conflict: MODERATION_ACTION_MESSAGES.notSuspended,
  }),
};
