import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pledges } from '@/server/db/schema';
import { inPledgeTransaction, transitionPledge } from '@/server/modules/pledges/pledge-transitions';
import { createDare } from '../support/dares';
import { addFundedPledge, addUser, CARDS, fundingAppPerFile } from '../support/funded-pledges';

// transitionPledge and the simulated gateway answer the row they wrote without reading it
// back (decision 0060): what they answer must be what the database holds.
const app = fundingAppPerFile();

const stored = async (id: number) =>
  (await app.t.app.ctx.db.select().from(pledges).where(eq(pledges.id, id)))[0];

describe('the row a transition answers', () => {
  it('is the row as stored, through authorize, a failed and a good renewal (a null written, an undefined key left alone) and a capture', async () => {
    const { t, h } = app;
    const { db, config } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const dare = await createDare(db, { creatorId: creator.id, targetAmountCents: 100_000 });
    const pledger = await addUser(t);
    const { pledge: authorized } = await addFundedPledge(t, h, {
      userId: pledger.id,
      dareId: dare.id,
      amountCents: 2_500,
    });
    expect(authorized.status).toBe('authorized');
    expect(authorized).toEqual(await stored(authorized.id));

    const apply = (event: Parameters<typeof transitionPledge>[2], patch: object) =>
      inPledgeTransaction(t.app.ctx, (tx) =>
        transitionPledge(tx, authorized.id, event, patch, config.publicUrl),
      );
    const failedAt = new Date('2030-01-02T03:04:05.678Z');
    const needsAction = await apply('renew_failed', { actionRequiredAt: failedAt });
    expect(needsAction).toMatchObject({ status: 'requires_action', actionRequiredAt: failedAt });
    expect(needsAction).toEqual(await stored(authorized.id));

    const renewed = await apply('renew_ok', {
      actionRequiredAt: null,
      paymentMethodId: undefined,
      authorizedAt: new Date('2030-01-03T00:00:00.000Z'),
    });
    expect(renewed).toMatchObject({
      status: 'authorized',
      actionRequiredAt: null,
      // An undefined key is not written: the card stays.
      paymentMethodId: authorized.paymentMethodId,
    });
    expect(renewed!.paymentMethodId).toEqual(expect.any(String));
    expect(renewed).toEqual(await stored(authorized.id));

    const captured = await apply('capture', { captured: true, capturedAt: new Date() });
    expect(captured).toMatchObject({ status: 'captured', captured: true });
    expect(captured).toEqual(await stored(authorized.id));

    // Not allowed from captured: nothing written, null answered.
    expect(await apply('release', { releasedAt: new Date() })).toBeNull();
    expect(await stored(authorized.id)).toEqual(captured);
  });

  it("is the gateway's intent as stored after a confirm with a new card and after a capture", async () => {
    const { h } = app;
    const customer = await h.gateway.createCustomer({
      email: 'row@example.com',
      idempotencyKey: `customer:row:${Date.now()}`,
    });
    const created = await h.gateway.createPaymentIntent({
      amountCents: 1_500,
      customerId: customer.id,
      captureMethod: 'manual',
      setupFutureUsage: 'off_session',
      metadata: { purpose: 'test' },
      idempotencyKey: `intent:row:${Date.now()}`,
    });
    const confirmed = await h.gateway.confirmPaymentIntent({
      clientSecret: created.clientSecret,
      card: {
        card: { number: CARDS.ok, expMonth: 12, expYear: 2030, cvc: '123' },
        billingDetails: { name: 'Row Test' },
      },
    });
    expect(confirmed.status).toBe('requires_capture');
    expect(confirmed).toEqual(await h.gateway.retrievePaymentIntent(created.id));
    // The card was kept on the customer for renewals (written by the same confirm).
    const card = await h.gateway.retrievePaymentMethod(confirmed.paymentMethodId!);
    expect(card.customerId).toBe(customer.id);

    const capturedIntent = await h.gateway.capturePaymentIntent({
      id: created.id,
      idempotencyKey: `capture:row:${created.id}`,
    });
    expect(capturedIntent).toMatchObject({ status: 'succeeded', amountCapturedCents: 1_500 });
    expect(capturedIntent).toEqual(await h.gateway.retrievePaymentIntent(created.id));
  });
});
