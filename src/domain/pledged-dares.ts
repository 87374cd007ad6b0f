import { centsToDollars, dollarsToCents } from '../contracts/money';
import type { PledgeState } from './pledge-lifecycle';
import { isLivePledge } from './pledges';

/** How a pledge's state reads to its owner on the profile. */
export const PLEDGE_STATUS_WORDS: Record<PledgeState, string> = {
  pending: 'Payment not finished',
  authorized: 'Authorized',
  requires_action: 'Needs card update',
  captured: 'Charged',
  released: 'Released',
  failed: 'Payment failed',
};

/**
 * Which state a dare's card shows when the viewer pledged more than once: what needs
 * their action first, then what counts toward the dare, then what is over.
 */
const PRECEDENCE: PledgeState[] = [
  'requires_action',
  'authorized',
  'captured',
  'pending',
  'released',
  'failed',
];

export type PledgeOfDare<
  D extends { id: number; status: string } = { id: number; status: string },
> = {
  id: number;
  amount: number;
  status: PledgeState;
  /** When the card hold was first placed; null for a pledge that never held money. */
  authorizedAt: string | null;
  dare: D;
};

export type PledgedDare<D> = {
  dare: D;
  /** Dollars: the live pledges' total, else the amount of the state shown. */
  amount: number;
  status: PledgeState;
  statusText: string;
  /** An unpaid pledge the viewer can still pay (/pledge/{id}/payment), else null. */
  finishPledgeId: number | null;
  /** The viewer's pledges they may still cancel (DESIGN.md section 5: dare funding or active). */
  cancellablePledgeIds: number[];
  /** Dollars those pledges hold (what 'Cancel pledge' gives back). */
  cancellableAmount: number;
};

const CANCELLABLE: ReadonlySet<PledgeState> = new Set(['pending', 'authorized', 'requires_action']);

/** Pledges the owner may cancel: not yet charged or ended, on a dare still funding or active. */
export function cancellablePledges<P extends PledgeOfDare>(pledges: P[]): P[] {
  return pledges.filter(
    (pledge) => takesPledges(pledge.dare.status) && CANCELLABLE.has(pledge.status),
  );
}

const takesPledges = (dareStatus: string) => dareStatus === 'pending' || dareStatus === 'active';

/**
 * What a dare's card is about. While any pledge of the viewer counts today (live, the rule
 * of the profile's totals and the achievements), only those: an unpaid or declined attempt
 * beside it is abandoned and neither shows nor counts. Otherwise an unpaid pledge the viewer
 * can still finish (the dare takes pledges), and ended pledges that once held money
 * (released, or a capture that failed). A pledge that never held money and can no longer be
 * paid (declined, or left unpaid until it was released) shows nowhere: nothing moved.
 */
function shownPledges(group: PledgeOfDare[], open: boolean): PledgeOfDare[] {
  const live = group.filter((pledge) => isLivePledge(pledge.status));
  if (live.length > 0) return live;
  return group.filter((pledge) =>
    pledge.status === 'pending' ? open : pledge.authorizedAt !== null,
  );
}

/** The viewer's pledges (newest first) as one card per dare, newest first. */
export function groupPledgesByDare<D extends { id: number; status: string }>(
  pledges: PledgeOfDare<D>[],
): PledgedDare<D>[] {
  const byDare = new Map<number, PledgeOfDare<D>[]>();
  for (const pledge of pledges) {
    const group = byDare.get(pledge.dare.id) ?? [];
    group.push(pledge);
    byDare.set(pledge.dare.id, group);
  }
  const cards: PledgedDare<D>[] = [];
  for (const group of byDare.values()) {
    const dare = group[0]!.dare;
    const shown = shownPledges(group, takesPledges(dare.status));
    const status = PRECEDENCE.find((state) => shown.some((pledge) => pledge.status === state));
    if (!status) continue;
    const inState = shown.filter((pledge) => pledge.status === status);
    // Live: all that counts. Unpaid: the newest attempt, not the sum of retries.
    const counted = isLivePledge(status)
      ? shown
      : status === 'pending'
        ? inState.slice(0, 1)
        : inState;
    const cents = counted.reduce((sum, pledge) => sum + dollarsToCents(pledge.amount), 0);
    cards.push({
      dare,
      amount: centsToDollars(cents),
      status,
      statusText: PLEDGE_STATUS_WORDS[status],
      finishPledgeId: status === 'pending' ? counted[0]!.id : null,
      ...cancellation(group),
    });
  }
  return cards;
}

/** What cancelling gives back: the live pledges' sum, or the unpaid one when nothing is held. */
export function cancellation(pledges: PledgeOfDare[]) {
  const open = cancellablePledges(pledges);
  const held = open.filter((pledge) => isLivePledge(pledge.status));
  const cents = (held.length > 0 ? held : open.slice(0, 1)).reduce(
    (sum, pledge) => sum + dollarsToCents(pledge.amount),
    0,
  );
  return {
    cancellablePledgeIds: open.map((pledge) => pledge.id),
    cancellableAmount: centsToDollars(cents),
  };
}
