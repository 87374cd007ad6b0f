import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  balances,
  captureEntries,
  checkLedger,
  escrowAccount,
  feeEntries,
  type LedgerEntry,
  type LedgerRow,
  PLATFORM_FEES_ACCOUNT,
  pledgerAccount,
  RELEASED_HOLDS_MEMO_ACCOUNT,
  refundEntries,
  releaseEntries,
  settlementEntries,
  takerAccount,
  transferEntries,
} from '@/domain/ledger';

const pledge = { id: 7, userId: 3, dareId: 11, amountCents: 1_001 };
const sum = (rows: LedgerRow[]) => rows.reduce((total, row) => total + row.amountCents, 0);
const asGroup = (groupId: string, rows: LedgerRow[]): LedgerEntry[] =>
  rows.map((row) => ({ ...row, groupId }));

describe('entry builders', () => {
  it('capture moves the pledge from the card into the dare escrow', () => {
    expect(captureEntries(pledge)).toEqual([
      { kind: 'capture', account: 'pledger:3', amountCents: -1_001, dareId: 11, pledgeId: 7 },
      { kind: 'capture', account: 'escrow:dare:11', amountCents: 1_001, dareId: 11, pledgeId: 7 },
    ]);
  });

  it('fee, transfer, refund and release go where the chart of accounts says', () => {
    expect(balances(feeEntries(11, 29))).toEqual(
      new Map([
        [escrowAccount(11), -29],
        [PLATFORM_FEES_ACCOUNT, 29],
      ]),
    );
    expect(balances(transferEntries(11, 5, 972))).toEqual(
      new Map([
        [escrowAccount(11), -972],
        [takerAccount(5), 972],
      ]),
    );
    expect(balances(refundEntries(pledge, 1_001))).toEqual(
      new Map([
        [escrowAccount(11), -1_001],
        [pledgerAccount(3), 1_001],
      ]),
    );
    const release = releaseEntries(pledge);
    expect(release.map((row) => [row.account, row.amountCents])).toEqual([
      [RELEASED_HOLDS_MEMO_ACCOUNT, -1_001],
      [RELEASED_HOLDS_MEMO_ACCOUNT, 1_001],
    ]);
    expect(release.every((row) => row.pledgeId === 7 && row.kind === 'release')).toBe(true);
  });

  it('writes no rows for a zero fee or zero transfer (the schema refuses zero amounts)', () => {
    expect(feeEntries(11, 0)).toEqual([]);
    expect(transferEntries(11, 5, 0)).toEqual([]);
    const everythingToFee = settlementEntries(11, 5, 500, 10_000);
    expect(everythingToFee.transfer).toEqual([]);
    expect(sum(everythingToFee.fee)).toBe(0);
  });

  it('settlement empties the escrow: fee + transfer = escrow balance', () => {
    const { fee, transfer, feeCents, payoutCents } = settlementEntries(11, 5, 1_001, 290);
    expect([feeCents, payoutCents]).toEqual([29, 972]);
    expect(balanceOf([...fee, ...transfer], escrowAccount(11))).toBe(-1_001);
  });

  it('refuses zero, negative, fractional and uncovered movements', () => {
    expect(() => captureEntries({ ...pledge, amountCents: 0 })).toThrow(RangeError);
    expect(() => captureEntries({ ...pledge, amountCents: 10.5 })).toThrow(RangeError);
    expect(() => feeEntries(11, -1)).toThrow(RangeError);
    expect(() => transferEntries(11, 5, 0.5)).toThrow(RangeError);
    expect(() => refundEntries(pledge, 1_000)).toThrow(/escrow/);
    expect(() => refundEntries(pledge, 5_000, 1_002)).toThrow(/pledge/);
    expect(() => releaseEntries({ ...pledge, amountCents: -5 })).toThrow(RangeError);
  });

  it('every builder produces a zero-sum, non-zero, single-kind group (property)', () => {
    const amount = fc.integer({ min: 1, max: 10_000_000_00 });
    const id = fc.integer({ min: 1, max: 1_000_000 });
    fc.assert(
      fc.property(amount, id, id, id, fc.integer({ min: 0, max: 10_000 }), (a, p, u, d, bps) => {
        const pl = { id: p, userId: u, dareId: d, amountCents: a };
        const settlement = settlementEntries(d, u, a, bps);
        const groups = [
          captureEntries(pl),
          refundEntries(pl, a),
          releaseEntries(pl),
          settlement.fee,
          settlement.transfer,
        ];
        for (const rows of groups) expect(sum(rows)).toBe(0);
        // Two possible histories of one pledge: captured then refunded, or captured then
        // paid out; and a released one. Each must be a sound ledger.
        const [capture, refund, release] = groups as [LedgerRow[], LedgerRow[], LedgerRow[]];
        const histories = [
          [capture, refund],
          [capture, settlement.fee, settlement.transfer],
          [release],
        ];
        for (const history of histories) {
          const entries = history.flatMap((rows, i) => asGroup(`g${i}`, rows));
          expect(checkLedger(entries)).toEqual([]);
        }
      }),
    );
  });
});

describe('checkLedger', () => {
  const good = asGroup('a', captureEntries(pledge));

  it('accepts a sound ledger', () => {
    expect(checkLedger(good)).toEqual([]);
  });

  it('reports unbalanced, zero, fractional, mixed and misplaced rows', () => {
    const base = { dareId: 11, pledgeId: 7 };
    const problems = checkLedger([
      ...good,
      { ...base, groupId: 'b', kind: 'capture', account: 'pledger:3', amountCents: -5 },
      { ...base, groupId: 'b', kind: 'capture', account: 'escrow:dare:11', amountCents: 4 },
      { ...base, groupId: 'c', kind: 'fee', account: 'platform:fees', amountCents: 0 },
      { ...base, groupId: 'd', kind: 'refund', account: 'pledger:3', amountCents: 0.5 },
      { ...base, groupId: 'd', kind: 'refund', account: 'escrow:dare:11', amountCents: -0.5 },
      { ...base, groupId: 'e', kind: 'fee', account: 'escrow:dare:11', amountCents: -1 },
      { ...base, groupId: 'e', kind: 'transfer', account: 'taker:5', amountCents: 1 },
      { ...base, groupId: 'f', kind: 'refund', account: 'memo:released-holds', amountCents: 1 },
      { ...base, groupId: 'f', kind: 'refund', account: 'pledger:3', amountCents: -1 },
    ]);
    const texts = problems.map((p) => `${p.groupId}: ${p.problem}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        'b: group sums to -1, not 0',
        'c: zero amount on platform:fees',
        'd: non-integer amount 0.5 on pledger:3',
        'e: group mixes kinds',
        'f: refund row on memo:released-holds: memo accounts are for releases only',
        '*: memo:released-holds does not net to zero (1)',
      ]),
    );
    expect(texts.some((t) => t.startsWith('a:'))).toBe(false);
  });

  it('reports an escrow driven negative', () => {
    const overdrawn = asGroup('x', transferEntries(11, 5, 100));
    expect(checkLedger(overdrawn)).toEqual([
      { groupId: '*', problem: 'escrow:dare:11 is negative (-100)' },
    ]);
  });
});
