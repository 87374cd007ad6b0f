import { MODERATION_ACTION_MESSAGES } from '@/contracts/moderation-action-values';
import type { Effect } from './effect';
import { moveTargetState } from './targets';

/**
 * Nothing wrong: a target hidden 'under_review' (by reports, or a new dare held by the danger
 * screen) is visible again; this is how a moderator approves a held dare. The service closes
 * its reports; with neither something hidden nor anything open there is nothing to dismiss.
 */
export const dismiss: Effect = async ({ tx, target }) => ({
  changed: await moveTargetState(tx, target, 'under_review', null),
  conflict: MODERATION_ACTION_MESSAGES.nothingToDismiss,
});
