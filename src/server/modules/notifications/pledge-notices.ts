import type { ModerationState } from '@/contracts/moderation-values';
import type { PledgeEvent, PledgeState } from '@/domain/pledge-lifecycle';
import { isLivePledge } from '@/domain/pledges';
import type { Tx } from '../../db/client';
import { publishDareChanged } from '../live/dare-changed';
import { notify } from './notify';

type Pledge = { id: number; userId: number; dareId: number; amountCents: number };
export type DareForNotices = {
  title: string;
  creatorId: number;
  takerId: number | null;
  moderationState: ModerationState | null;
  /** The pledger's display name (else username), read with the dare: one round trip less. */
  pledgerName: string | null;
};
type Change = { pledge: Pledge; from: PledgeState; to: PledgeState; event: PledgeEvent };

/**
 * The notifications a pledge transition causes, written in its transaction (called by
 * transitionPledge, the one way a pledge changes state, so no cause can forget them):
 * - authorize: the creator hears of the pledge (not of their own); of the goal when this
 *   pledge moved the dare from Funding to Active through notifyGoalReached, once the dare
 *   row is updated (transitionPledge does that last);
 * - capture: the pledger's card was charged; release, drop or cancel of a hold that was in
 *   place: the pledger's hold was released (an intent never confirmed held nothing), except
 *   on a dare a moderator removed: its removal told each pledger once, in words that say the
 *   hold was released (moderation-actions/remove-dare.ts), so the release adds nothing;
 * - cancel of a pledge that counted: the creator hears that it no longer does (not of their
 *   own pledge, as with authorize);
 * - the first failed renewal: the pledger must update the card.
 */
export async function notifyPledgeTransition(
  tx: Tx,
  publicUrl: string,
  change: Change,
  dare: DareForNotices,
): Promise<void> {
  const { pledge, from, to, event } = change;
  const base = { dareId: pledge.dareId, dareTitle: dare.title, amountCents: pledge.amountCents };
  const recipient = (userId: number) => ({ userId, dareId: pledge.dareId });

  if (event === 'authorize') {
    // The taker of someone else's dare gets no notice of pledges, but an open page of the
    // dare must show them (and the goal reached, which this pledge may be).
    if (dare.takerId !== dare.creatorId && dare.takerId !== pledge.userId) {
      await publishDareChanged(tx, pledge.dareId, [dare.takerId]);
    }
    if (pledge.userId !== dare.creatorId) {
      const pledgerName = dare.pledgerName ?? 'Someone';
      await notify(tx, publicUrl, {
        ...recipient(dare.creatorId),
        kind: 'pledge_received',
        data: { dareTitle: base.dareTitle, amountCents: base.amountCents, pledgerName },
      });
    }
    return;
  }
  if (event === 'cancel' && isLivePledge(from) && pledge.userId !== dare.creatorId) {
    await notify(tx, publicUrl, {
      ...recipient(dare.creatorId),
      kind: 'pledge_cancelled',
      data: {
        dareTitle: base.dareTitle,
        amountCents: base.amountCents,
        pledgerName: dare.pledgerName ?? 'Someone',
      },
    });
  }
  const money = { dareTitle: base.dareTitle, amountCents: base.amountCents, pledgeId: pledge.id };
  if (event === 'capture') {
    await notify(tx, publicUrl, { ...recipient(pledge.userId), kind: 'card_charged', data: money });
  } else if (to === 'released' && isLivePledge(from) && dare.moderationState !== 'removed') {
    await notify(tx, publicUrl, {
      ...recipient(pledge.userId),
      kind: 'hold_released',
      data: money,
    });
  } else if (event === 'renew_failed' && from === 'authorized') {
    await notify(tx, publicUrl, {
      ...recipient(pledge.userId),
      kind: 'hold_renewal_failed',
      data: money,
    });
  }
}

/** The creator hears that the dare reached its goal (this pledge moved it to Active). */
export async function notifyGoalReached(
  tx: Tx,
  publicUrl: string,
  change: Change,
  dare: DareForNotices,
  currentAmountCents: number,
): Promise<void> {
  await notify(tx, publicUrl, {
    userId: dare.creatorId,
    dareId: change.pledge.dareId,
    kind: 'goal_reached',
    data: { dareTitle: dare.title, amountCents: currentAmountCents },
  });
}

/** Whether an event can cause a notification (so other events skip the dare read). */
export const NOTIFYING_EVENTS: readonly PledgeEvent[] = [
  'authorize',
  'capture',
  'release',
  'cancel',
  'drop',
  'renew_failed',
];
