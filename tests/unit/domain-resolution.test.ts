import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_VOTES } from '@/contracts/limits';
import { type VoteOutcome, voteOutcome } from '@/domain/resolution';

/** DESIGN.md section 5 restated in integers, independently of the implementation. */
function expected(n: number, a: number, r: number, open: boolean): VoteOutcome {
  if (2 * a > n) return 'approved';
  if (2 * r > n && r >= 5) return 'rejected';
  if (open) return 'undecided';
  return a + r >= 5 && r > a ? 'rejected' : 'approved';
}

const splits = (n: number) => {
  const all: Array<[number, number]> = [];
  for (let a = 0; a <= n; a++) for (let r = 0; a + r <= n; r++) all.push([a, r]);
  return all;
};

describe('voteOutcome (DESIGN.md section 5)', () => {
  it('uses the minimum of 5 votes', () => expect(MIN_VOTES).toBe(5));

  for (let n = 0; n <= 7; n++) {
    for (const windowOpen of [true, false]) {
      it(`${n} pledgers, window ${windowOpen ? 'open' : 'closed'}: every split`, () => {
        for (const [a, r] of splits(n)) {
          const got = voteOutcome({ pledgerCount: n, approvals: a, rejections: r, windowOpen });
          expect({ a, r, got }).toEqual({ a, r, got: expected(n, a, r, windowOpen) });
        }
      });
    }
  }

  it.each([
    // [pledgers, approvals, rejections, open, outcome]
    [5, 3, 0, true, 'approved'], // the loop: 3 of 5 approve at once
    [5, 2, 2, true, 'undecided'],
    [6, 3, 3, true, 'undecided'], // 3 of 6 is not a strict majority
    [6, 0, 5, true, 'rejected'], // 5 of 6 reject: early
    [7, 0, 4, true, 'undecided'], // a majority, but fewer than 5 rejections
    [7, 2, 3, false, 'rejected'], // window end, 5 votes, more rejections
    [7, 0, 4, false, 'approved'], // window end, 4 votes: automatic approval
    [7, 3, 3, false, 'approved'], // a tie approves
    [0, 0, 0, false, 'approved'],
    [0, 0, 0, true, 'undecided'],
  ] as const)('%i pledgers, %i approve, %i reject, open %s -> %s', (n, a, r, open, outcome) => {
    expect(voteOutcome({ pledgerCount: n, approvals: a, rejections: r, windowOpen: open })).toBe(
      outcome,
    );
  });

  it('a decided outcome never changes as votes arrive or the window closes', () => {
    // A pledger count and an order in which some of them vote (true approve).
    const scenario = fc
      .integer({ min: 0, max: 40 })
      .chain((n) =>
        fc.tuple(fc.constant(n), fc.array(fc.boolean(), { maxLength: n }), fc.nat({ max: n })),
      );
    fc.assert(
      fc.property(scenario, ([n, ballots, closeAfterRaw]) => {
        const closeAfter = Math.min(closeAfterRaw, ballots.length);
        let decided: VoteOutcome = 'undecided';
        let a = 0;
        let r = 0;
        for (let i = 0; i <= ballots.length; i++) {
          const open = i < closeAfter;
          const got = voteOutcome({
            pledgerCount: n,
            approvals: a,
            rejections: r,
            windowOpen: open,
          });
          expect(got).toBe(expected(n, a, r, open));
          if (decided !== 'undecided') expect(got).toBe(decided);
          if (got !== 'undecided') decided = got;
          if (i === closeAfter) break; // no vote is taken after the window closes
          if (ballots[i]) a += 1;
          else r += 1;
        }
        // Whatever happened, the window's close always decides.
        expect(decided).not.toBe('undecided');
      }),
    );
  });
});
