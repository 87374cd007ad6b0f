import type { ModerationAction, ModerationQueueItem } from '@/contracts/moderation';
import type { ReportTargetType } from '@/contracts/reports';

/** How each target type is named on a card, in the dialog and in the log. */
export const TARGET_NAMES: Record<ReportTargetType, string> = {
  dare: 'dare',
  submission: 'proof',
  comment: 'comment',
  user: 'account',
  message: 'message',
};

interface ActionWords {
  /** The button on a queue card. */
  button: string;
  /** The dialog's title, given the target's name and its owner's username. */
  title: (target: string, owner: string) => string;
  /** The toast after it was done. */
  done: string;
  /** The audit log's verb before the target; an account is its own owner. */
  logged: (ownAccount: boolean) => string;
  /** Whether the button looks destructive. */
  danger: boolean;
}

export const ACTION_WORDS: Record<ModerationAction, ActionWords> = {
  dismiss: {
    button: 'Dismiss',
    title: (target) => `Dismiss the reports on this ${target}?`,
    done: 'Reports dismissed',
    logged: () => 'dismissed the reports on',
    danger: false,
  },
  remove: {
    button: 'Remove',
    title: (target) => `Remove this ${target}?`,
    done: 'Content removed',
    logged: () => 'removed',
    danger: true,
  },
  restore: {
    button: 'Restore',
    title: (target) => `Restore this ${target}?`,
    done: 'Content restored',
    logged: () => 'restored',
    danger: false,
  },
  warn: {
    button: 'Warn user',
    title: (_, owner) => `Warn @${owner}?`,
    done: 'Warning sent',
    logged: (own) => (own ? 'warned' : 'warned the owner of'),
    danger: false,
  },
  suspend: {
    button: 'Suspend user',
    title: (_, owner) => `Suspend @${owner}?`,
    done: 'Account suspended',
    logged: (own) => (own ? 'suspended' : 'suspended the owner of'),
    danger: true,
  },
  unsuspend: {
    button: 'Unsuspend',
    title: (_, owner) => `Lift @${owner}'s suspension?`,
    done: 'Suspension lifted',
    logged: (own) => (own ? 'lifted the suspension of' : 'lifted the suspension of the owner of'),
    danger: false,
  },
};

/**
 * The actions that make sense for a case as it stands: dismiss only while open (it also lists
 * hidden or held content again); remove what is still up, restore what was removed; warn and
 * suspend need an owner, unsuspend a suspended one. The server decides in the end; this only
 * keeps pointless buttons away.
 */
export function availableActions(item: ModerationQueueItem): ModerationAction[] {
  const actions: ModerationAction[] = [];
  const state = item.content.moderationState;
  if (item.status === 'open') actions.push('dismiss');
  if (!item.content.missing && state !== 'removed') actions.push('remove');
  if (!item.content.missing && state === 'removed') actions.push('restore');
  if (item.owner) {
    actions.push('warn');
    actions.push(item.owner.suspended ? 'unsuspend' : 'suspend');
  }
  return actions;
}

/**
 * A new dare held by the danger screen is approved by dismissing its case (it is then
 * listed): its button and dialog say so.
 */
export function actionWords(action: ModerationAction, item: ModerationQueueItem): ActionWords {
  if (action !== 'dismiss' || !item.screening) return ACTION_WORDS[action];
  return {
    ...ACTION_WORDS.dismiss,
    button: 'Approve',
    title: (target) => `Approve this ${target}?`,
    done: 'Approved and listed',
  };
}
