import { describe, expect, it } from 'vitest';
import { cancellation, groupPledgesByDare, type PledgeOfDare } from '@/domain/pledged-dares';

let nextId = 100;
const dareA = { id: 1, status: 'active' };
const dareB = { id: 2, status: 'completed' };
/** A pledge; one that is or was live held money, so it has an authorization time. */
const pledge = (
  dare: { id: number; status: string },
  amount: number,
  status: PledgeOfDare['status'],
  authorizedAt: string | null = status === 'pending' ? null : '2026-01-01T00:00:00.000Z',
): PledgeOfDare<{ id: number; status: string }> => {
  nextId -= 1;
  return { id: nextId, amount, status, authorizedAt, dare };
};

describe('the Pledged tab: the viewer’s pledges grouped by dare', () => {
  it('gives one card per dare, newest pledge first, with the total that counts', () => {
    const cards = groupPledgesByDare([
      pledge(dareA, 10, 'authorized'),
      pledge(dareB, 25, 'captured'),
      pledge(dareA, 5.5, 'authorized'),
    ]);
    expect(cards.map((card) => [card.dare.id, card.amount, card.statusText])).toEqual([
      [1, 15.5, 'Authorized'],
      [2, 25, 'Charged'],
    ]);
  });

  it('says what needs doing first: a card to update beats an authorized hold', () => {
    const [card] = groupPledgesByDare([
      pledge(dareA, 10, 'authorized'),
      pledge(dareA, 20, 'requires_action'),
    ]);
    expect(card).toMatchObject({ amount: 30, status: 'requires_action' });
    expect(card!.statusText).toBe('Needs card update');
  });

  it('offers to finish an unpaid pledge while the dare still takes pledges', () => {
    const unpaid = pledge(dareA, 7, 'pending');
    expect(groupPledgesByDare([unpaid])).toEqual([
      expect.objectContaining({
        amount: 7,
        status: 'pending',
        statusText: 'Payment not finished',
        finishPledgeId: unpaid.id,
      }),
    ]);
  });

  // Issue 19 item 21: a card showed an authorized $40 pledge together with an abandoned $50.
  it('counts only what counts today beside a live pledge: an abandoned one neither shows nor counts', () => {
    const held = pledge(dareA, 40, 'authorized');
    const abandoned = pledge(dareA, 50, 'pending');
    const declined = pledge(dareA, 50, 'failed', null);
    const expiredUnpaid = pledge(dareA, 50, 'released', null);
    for (const others of [[abandoned], [declined], [expiredUnpaid], [abandoned, declined]]) {
      const [card] = groupPledgesByDare([...others, held]);
      expect(card).toMatchObject({
        amount: 40,
        status: 'authorized',
        statusText: 'Authorized',
        finishPledgeId: null,
        cancellableAmount: 40,
      });
    }
  });

  it('leaves out a dare whose only pledges never held money and cannot be paid any more', () => {
    expect(
      groupPledgesByDare([pledge(dareA, 50, 'failed', null), pledge(dareA, 20, 'released', null)]),
    ).toEqual([]);
    // A hold that was in place and then released or lost is history worth showing.
    expect(
      groupPledgesByDare([pledge(dareA, 20, 'released'), pledge(dareA, 50, 'failed', null)]).map(
        (card) => [card.amount, card.statusText],
      ),
    ).toEqual([[20, 'Released']]);
  });

  it('leaves out an unpaid pledge on a dare that has ended: nothing to finish, nothing moved', () => {
    expect(groupPledgesByDare([pledge(dareB, 7, 'pending')])).toEqual([]);
  });

  it('shows released and failed pledges in words, with their amount', () => {
    const failedDare = { id: 3, status: 'failed' };
    expect(
      groupPledgesByDare([pledge(failedDare, 12, 'released'), pledge(dareB, 8, 'failed')]).map(
        (card) => [card.amount, card.statusText, card.finishPledgeId],
      ),
    ).toEqual([
      [12, 'Released', null],
      [8, 'Payment failed', null],
    ]);
  });
});

describe('which pledges the owner may cancel', () => {
  it('live or unpaid pledges on a dare still funding or active; the held sum first', () => {
    const funding = { id: 7, status: 'pending' };
    const held = pledge(funding, 10, 'authorized');
    const fixing = pledge(funding, 5, 'requires_action');
    const unpaid = pledge(funding, 3, 'pending');
    const [card] = groupPledgesByDare([held, fixing, unpaid, pledge(funding, 4, 'released')]);
    expect(card).toMatchObject({
      cancellablePledgeIds: [held.id, fixing.id, unpaid.id],
      cancellableAmount: 15,
    });
    expect(cancellation([unpaid])).toEqual({
      cancellablePledgeIds: [unpaid.id],
      cancellableAmount: 3,
    });
  });

  it('none once the dare is under vote or over, nor for charged or ended pledges', () => {
    for (const status of ['verification', 'completed', 'failed']) {
      expect(
        cancellation([pledge({ id: 8, status }, 10, 'authorized')]).cancellablePledgeIds,
      ).toEqual([]);
    }
    expect(
      cancellation([pledge(dareA, 10, 'captured'), pledge(dareA, 10, 'failed')])
        .cancellablePledgeIds,
    ).toEqual([]);
  });
});
