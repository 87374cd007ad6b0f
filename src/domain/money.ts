/**
 * Fee arithmetic in integer cents (DESIGN.md section 4). The platform fee rate comes from
 * config (`PLATFORM_FEE_BPS`, default 0) and is passed in, so this module stays pure.
 *
 * Rounding: the fee is rounded DOWN (floor) and the taker gets the remainder. A fractional
 * cent therefore always goes to the taker, never to the platform: the fee is at most the
 * advertised rate, and the split never depends on a tie-breaking rule. The payout is
 * computed as `total - fee` (not rounded on its own), so `fee + payout === total` holds by
 * construction and no cent is created or lost.
 *
 * Bad input is a programming error, not a user error, so it throws a RangeError rather than
 * being clamped: a negative or fractional amount reaching here means a bug upstream.
 */

/** 10 000 basis points = 100 %. */
export const BPS_DENOMINATOR = 10_000;

/** Throws unless `value` is a non-negative safe integer (an amount in cents). */
export function assertCents(value: number, name = 'amount'): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
  }
}

/** Throws unless `feeBps` is an integer rate between 0 and 100 %. */
export function assertBps(feeBps: number): void {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > BPS_DENOMINATOR) {
    throw new RangeError(
      `fee must be an integer number of basis points in 0..10000, got ${feeBps}`,
    );
  }
}

/** The platform's fee on `totalCents`, rounded down (in the taker's favour). */
export function platformFeeCents(totalCents: number, feeBps: number): number {
  assertCents(totalCents, 'total');
  assertBps(feeBps);
  // BigInt: total * bps can pass 2^53 for large (still safe-integer) totals, and a float
  // product would round before the floor. BigInt division truncates, which is floor here.
  return Number((BigInt(totalCents) * BigInt(feeBps)) / BigInt(BPS_DENOMINATOR));
}

/** What the taker receives from `totalCents`: the total minus the (rounded-down) fee. */
export function payoutCents(totalCents: number, feeBps: number): number {
  return totalCents - platformFeeCents(totalCents, feeBps);
}

export interface FeeSplit {
  feeCents: number;
  payoutCents: number;
}

/** Both halves at once; `feeCents + payoutCents === totalCents`, both >= 0. */
export function splitFee(totalCents: number, feeBps: number): FeeSplit {
  const feeCents = platformFeeCents(totalCents, feeBps);
  return { feeCents, payoutCents: totalCents - feeCents };
}

/** Sum of amounts in cents; throws on a non-integer or negative term or an unsafe total. */
export function sumCents(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) {
    assertCents(amount);
    total += amount;
  }
  assertCents(total, 'sum');
  return total;
}
