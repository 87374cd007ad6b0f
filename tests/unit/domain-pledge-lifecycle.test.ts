import { describe, expect, it } from 'vitest';
import {
  currentAmountDelta,
  dareCurrentAmount,
  dareResolvesBy,
  isFinalPledgeState,
  isLive,
  needsRenewal,
  nextPledgeState,
  PLEDGE_STATES,
  type PledgeEvent,
  type PledgeState,
  shouldDrop,
} from '@/domain/pledge-lifecycle';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';

const EVENTS: PledgeEvent[] = [
  'authorize',
  'decline',
  'renew_ok',
  'renew_failed',
  'drop',
  'capture',
  'capture_failed',
  'release',
  'cancel',
];

/** The whole table, spelled out: every pair not listed here must be refused. */
const ALLOWED: Record<string, PledgeState> = {
  'pending authorize': 'authorized',
  'pending decline': 'failed',
  'pending release': 'released',
  'pending cancel': 'released',
  'authorized renew_ok': 'authorized',
  'authorized renew_failed': 'requires_action',
  'authorized capture': 'captured',
  'authorized capture_failed': 'failed',
  'authorized release': 'released',
  'authorized cancel': 'released',
  'requires_action renew_ok': 'authorized',
  'requires_action renew_failed': 'requires_action',
  'requires_action drop': 'released',
  'requires_action capture': 'captured',
  'requires_action capture_failed': 'failed',
  'requires_action release': 'released',
  'requires_action cancel': 'released',
};

describe('pledge state machine', () => {
  it('allows exactly the listed transitions and refuses every other pair', () => {
    for (const state of PLEDGE_STATES) {
      for (const event of EVENTS) {
        const expected = ALLOWED[`${state} ${event}`];
        const result = nextPledgeState(state, event);
        if (expected) expect(result).toEqual({ ok: true, state: expected });
        else expect(result).toMatchObject({ ok: false, error: expect.stringContaining(state) });
      }
    }
  });

  it('refuses the transitions that would move money twice or revive a pledge', () => {
    expect(nextPledgeState('captured', 'capture').ok).toBe(false);
    expect(nextPledgeState('captured', 'release').ok).toBe(false);
    expect(nextPledgeState('released', 'capture').ok).toBe(false);
    expect(nextPledgeState('released', 'authorize').ok).toBe(false);
    expect(nextPledgeState('failed', 'renew_ok').ok).toBe(false);
    expect(nextPledgeState('pending', 'capture').ok).toBe(false);
    expect(nextPledgeState('authorized', 'drop').ok).toBe(false);
  });

  it('has captured, released and failed as its only final states', () => {
    expect(PLEDGE_STATES.filter(isFinalPledgeState)).toEqual(['captured', 'released', 'failed']);
  });

  it('agrees with pledges.ts on which states are live', () => {
    expect(PLEDGE_STATES.filter(isLive)).toEqual([...LIVE_PLEDGE_STATUSES]);
  });
});

describe('dare total', () => {
  it('sums live pledges only', () => {
    const pledges = PLEDGE_STATES.map((status, i) => ({ status, amountCents: 100 * 10 ** i }));
    // authorized 1000 + requires_action 10000 + captured 100000
    expect(dareCurrentAmount(pledges)).toBe(111_000);
    expect(dareCurrentAmount([])).toBe(0);
  });

  it('moves by the pledge amount exactly when liveness changes', () => {
    expect(currentAmountDelta('pending', 'authorized', 500)).toBe(500);
    expect(currentAmountDelta('authorized', 'requires_action', 500)).toBe(0);
    expect(currentAmountDelta('authorized', 'captured', 500)).toBe(0);
    expect(currentAmountDelta('requires_action', 'released', 500)).toBe(-500);
    expect(currentAmountDelta('authorized', 'failed', 500)).toBe(-500);
    expect(currentAmountDelta('pending', 'failed', 500)).toBe(0);
  });
});

describe('hold renewal', () => {
  const at = (iso: string) => new Date(iso);
  const expiresAt = at('2025-01-20T12:00:00Z');
  const resolvesBy = dareResolvesBy(expiresAt);

  it('lets the dare resolve up to the 24 h vote after expiresAt', () => {
    expect(resolvesBy.toISOString()).toBe('2025-01-21T12:00:00.000Z');
  });

  it('renews a hold lapsing before resolution once it is within 48 h of lapsing', () => {
    const captureBefore = at('2025-01-15T12:00:00Z');
    expect(needsRenewal(captureBefore, resolvesBy, at('2025-01-13T11:59:59Z'))).toBe(false);
    expect(needsRenewal(captureBefore, resolvesBy, at('2025-01-13T12:00:00Z'))).toBe(true);
    // Already lapsed (a late job): still renew.
    expect(needsRenewal(captureBefore, resolvesBy, at('2025-01-16T00:00:00Z'))).toBe(true);
  });

  it('does not renew a hold that outlasts resolution by the margin', () => {
    const captureBefore = at('2025-01-23T12:00:00Z'); // resolvesBy + 48 h
    expect(needsRenewal(captureBefore, resolvesBy, at('2025-01-22T12:00:00Z'))).toBe(false);
    // One millisecond less and it would be a race against the capture: renew.
    const tight = new Date(captureBefore.getTime() - 1);
    expect(needsRenewal(tight, resolvesBy, at('2025-01-22T12:00:00Z'))).toBe(true);
  });

  it('drops a requires_action pledge after 48 h', () => {
    const since = at('2025-01-10T00:00:00Z');
    expect(shouldDrop(since, at('2025-01-11T23:59:59Z'))).toBe(false);
    expect(shouldDrop(since, at('2025-01-12T00:00:00Z'))).toBe(true);
  });
});
