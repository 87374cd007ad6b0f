import { describe, expect, it } from 'vitest';
import { cancellation, groupPledgesByDare, type PledgeOfDare } from '@/domain/pledged-dares';

let nextId = 100;
const dareA = { id: 1, status: 'active' };
const dareB = { id: 2, status: 'completed' };
const pledge = (
  dare: { id: number; status: string },
  amount: number,
  status: PledgeOfDare['status'],
): PledgeOfDare<{ id: number; status: string }> => {
  nextId -= 1;
  return { id: nextId, amount, status, dare };
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
    // Next to a paid pledge, the paid total shows and the unpaid one can still be finished.
    const [both] = groupPledgesByDare([unpaid, pledge(dareA, 10, 'authorized')]);
    expect(both).toMatchObject({ amount: 10, status: 'authorized', finishPledgeId: unpaid.id });
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
