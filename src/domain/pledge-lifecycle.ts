/**
 * The pledge state machine and the hold-renewal rule (DESIGN.md sections 4 and 5), as pure
 * functions. Services apply a transition with one guarded update (`... WHERE status = from`)
 * and move dares.currentAmount by `currentAmountDelta` in the same transaction.
 */
// Relative: the database schema (loaded by drizzle-kit without the `@/` alias) imports this file.
import { VOTING_WINDOW_HOURS } from '../contracts/limits';
import { sumCents } from './money';
import { isLivePledge } from './pledges';

export const PLEDGE_STATES = [
  'pending',
  'authorized',
  'requires_action',
  'captured',
  'released',
  'failed',
] as const;
export type PledgeState = (typeof PLEDGE_STATES)[number];

export type PledgeEvent =
  /** The card hold was placed (first authorization, after any 3-D Secure step). */
  | 'authorize'
  /** The first authorization was refused. */
  | 'decline'
  /** A hold renewal (new off-session authorization) succeeded, or the pledger fixed the card. */
  | 'renew_ok'
  /** A hold renewal failed: the pledger must update the card. */
  | 'renew_failed'
  /** 48 h in requires_action without a fix: the pledge leaves the dare's total. */
  | 'drop'
  /** The dare completed and the hold was captured. */
  | 'capture'
  /** The dare completed but the capture was refused (e.g. the hold lapsed). */
  | 'capture_failed'
  /** The hold (or the unconfirmed intent) was cancelled: dare failed or pledge abandoned. */
  | 'release'
  /**
   * The pledger took the pledge back while the dare was funding or active: a release the
   * dare's creator is told about (notifications/pledge-notices).
   */
  | 'cancel';

/**
 * Legal transitions. Anything absent is refused. Notes on the less obvious ones:
 * - pending -> released: an intent never confirmed is cancelled when the dare ends.
 * - requires_action keeps its old hold until it lapses, so capture is still attempted
 *   (and may fail) if the dare resolves during the 48 h grace period.
 * - requires_action + renew_failed stays requires_action: a retry failing again changes
 *   nothing, and the 48 h clock keeps running from the first failure.
 * - captured, released and failed are final. A refund of a captured pledge is a ledger
 *   movement, not a state: the pledge stays captured (and live), see ledger.ts.
 */
const TRANSITIONS: Record<PledgeState, Partial<Record<PledgeEvent, PledgeState>>> = {
  pending: { authorize: 'authorized', decline: 'failed', release: 'released', cancel: 'released' },
  authorized: {
    renew_ok: 'authorized',
    renew_failed: 'requires_action',
    capture: 'captured',
    capture_failed: 'failed',
    release: 'released',
    cancel: 'released',
  },
  requires_action: {
    renew_ok: 'authorized',
    renew_failed: 'requires_action',
    drop: 'released',
    capture: 'captured',
    capture_failed: 'failed',
    release: 'released',
    cancel: 'released',
  },
  captured: {},
  released: {},
  failed: {},
};

export type PledgeTransition = { ok: true; state: PledgeState } | { ok: false; error: string };

/** The state after `event`, or an error for a transition the lifecycle does not allow. */
export function nextPledgeState(state: PledgeState, event: PledgeEvent): PledgeTransition {
  const next = TRANSITIONS[state][event];
  return next === undefined
    ? { ok: false, error: `a ${state} pledge cannot ${event}` }
    : { ok: true, state: next };
}

export function isFinalPledgeState(state: PledgeState): boolean {
  return Object.keys(TRANSITIONS[state]).length === 0;
}

/** Whether the pledge counts toward its dare; the single rule lives in pledges.ts. */
export function isLive(state: PledgeState): boolean {
  return isLivePledge(state);
}

/** dares.currentAmount: the sum of the dare's live pledges. */
export function dareCurrentAmount(
  pledges: Iterable<{ status: PledgeState; amountCents: number }>,
): number {
  const live: number[] = [];
  for (const pledge of pledges) if (isLive(pledge.status)) live.push(pledge.amountCents);
  return sumCents(live);
}

/** How a transition moves dares.currentAmount, for the same-transaction update. */
export function currentAmountDelta(
  from: PledgeState,
  to: PledgeState,
  amountCents: number,
): number {
  return (isLive(to) ? amountCents : 0) - (isLive(from) ? amountCents : 0);
}

const HOUR_MS = 60 * 60 * 1000;

/** How long a pledge may sit in requires_action before it is dropped (DESIGN.md section 4). */
export const REQUIRES_ACTION_GRACE_HOURS = 48;

/**
 * Renew a hold this long before it lapses. Equal to the requires_action grace period on
 * purpose: if the renewal fails, the old hold is still valid for the whole 48 h during
 * which the pledge keeps counting, so a dare resolving in that window can still capture
 * it, and (with the jobs on time) the drop comes when the old hold lapses, not after. It
 * also leaves slack for a late or retried job before the hold would actually be lost.
 */
export const HOLD_RENEWAL_MARGIN_HOURS = REQUIRES_ACTION_GRACE_HOURS;

/** The latest moment a dare can resolve: a proof submitted just before expiresAt + the vote. */
export function dareResolvesBy(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() + VOTING_WINDOW_HOURS * HOUR_MS);
}

/**
 * Whether the hold ending at `captureBefore` must be renewed now. Renewal is needed only if
 * the hold would lapse before the dare can resolve (plus the margin, so the capture at
 * resolution is not a race against the lapse), and it is due only within the margin
 * before the lapse: a new hold lasts 7 days from when it is placed, so renewing as late as
 * safely possible covers the most time with the fewest renewals.
 */
export function needsRenewal(captureBefore: Date, resolvesBy: Date, now: Date): boolean {
  const margin = HOLD_RENEWAL_MARGIN_HOURS * HOUR_MS;
  const lapse = captureBefore.getTime();
  const coversResolution = lapse >= resolvesBy.getTime() + margin;
  const due = now.getTime() >= lapse - margin;
  return !coversResolution && due;
}

/** Whether a requires_action pledge has used up its grace period and must be dropped. */
export function shouldDrop(actionRequiredAt: Date, now: Date): boolean {
  return now.getTime() >= actionRequiredAt.getTime() + REQUIRES_ACTION_GRACE_HOURS * HOUR_MS;
}
