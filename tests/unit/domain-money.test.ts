import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payoutCents, platformFeeCents, splitFee, sumCents } from '@/domain/money';

describe('platform fee arithmetic', () => {
  it('takes nothing at 0 bps and everything at 10000 bps', () => {
    for (const total of [0, 1, 2, 99, 500, 123_457, Number.MAX_SAFE_INTEGER]) {
      expect(splitFee(total, 0)).toEqual({ feeCents: 0, payoutCents: total });
      expect(splitFee(total, 10_000)).toEqual({ feeCents: total, payoutCents: 0 });
    }
  });

  it('rounds the fee down so the fractional cent goes to the taker', () => {
    // 1 cent at 10 %: 0.1 cent of fee -> 0.
    expect(splitFee(1, 1_000)).toEqual({ feeCents: 0, payoutCents: 1 });
    // 1 cent at 99.99 %: still 0, the taker keeps the only cent.
    expect(splitFee(1, 9_999)).toEqual({ feeCents: 0, payoutCents: 1 });
    // Exact halves are not rounded up either: 5 cents at 10 % = 0.5 -> 0.
    expect(platformFeeCents(5, 1_000)).toBe(0);
    expect(platformFeeCents(15, 1_000)).toBe(1);
    // Odd cents at 50 %: the odd cent is the taker's.
    expect(splitFee(999, 5_000)).toEqual({ feeCents: 499, payoutCents: 500 });
    // A typical pledge: $10.01 at 2.9 % = 29.029 cents -> 29.
    expect(splitFee(1_001, 290)).toEqual({ feeCents: 29, payoutCents: 972 });
    expect(payoutCents(1_001, 290)).toBe(972);
  });

  it('stays exact for totals where total * bps passes 2^53', () => {
    const total = Number.MAX_SAFE_INTEGER; // 9007199254740991
    // floor(9007199254740991 * 3333 / 10000) computed by hand with BigInt.
    const expected = Number((9_007_199_254_740_991n * 3_333n) / 10_000n);
    expect(platformFeeCents(total, 3_333)).toBe(expected);
    expect(platformFeeCents(total, 3_333) + payoutCents(total, 3_333)).toBe(total);
  });

  it('rejects negative, fractional and unsafe amounts and out-of-range rates', () => {
    expect(() => platformFeeCents(-1, 100)).toThrow(RangeError);
    expect(() => platformFeeCents(1.5, 100)).toThrow(RangeError);
    expect(() => platformFeeCents(Number.NaN, 100)).toThrow(RangeError);
    expect(() => platformFeeCents(Number.MAX_SAFE_INTEGER + 1, 100)).toThrow(RangeError);
    expect(() => platformFeeCents(100, -1)).toThrow(RangeError);
    expect(() => platformFeeCents(100, 10_001)).toThrow(RangeError);
    expect(() => platformFeeCents(100, 2.5)).toThrow(RangeError);
    expect(() => payoutCents(-5, 0)).toThrow(RangeError);
  });

  it('fee + payout = total, both non-negative integers, fee within the rate (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10_000 }),
        (total, bps) => {
          const { feeCents, payoutCents: payout } = splitFee(total, bps);
          expect(Number.isSafeInteger(feeCents) && Number.isSafeInteger(payout)).toBe(true);
          expect(feeCents).toBeGreaterThanOrEqual(0);
          expect(payout).toBeGreaterThanOrEqual(0);
          expect(feeCents + payout).toBe(total);
          // Floor: fee <= exact fee < fee + 1, checked exactly in BigInt.
          const exactTimesDenominator = BigInt(total) * BigInt(bps);
          expect(BigInt(feeCents) * 10_000n <= exactTimesDenominator).toBe(true);
          expect((BigInt(feeCents) + 1n) * 10_000n > exactTimesDenominator).toBe(true);
        },
      ),
    );
  });

  it('a higher rate never lowers the fee (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 9_999 }),
        (total, bps) => {
          expect(platformFeeCents(total, bps + 1)).toBeGreaterThanOrEqual(
            platformFeeCents(total, bps),
          );
        },
      ),
    );
  });
});

describe('sumCents', () => {
  it('adds integer cents and refuses bad terms', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([500, 1, 0])).toBe(501);
    expect(() => sumCents([1, -1])).toThrow(RangeError);
    expect(() => sumCents([0.1, 0.2])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});
