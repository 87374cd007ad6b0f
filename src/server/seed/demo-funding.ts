import { simulatedGateway } from '../adapters/payments/create-gateway';
import type { AppContext } from '../context';
import { completeDareFunding } from '../modules/funding/complete-funding';
import { releaseDareFunding } from '../modules/funding/release-funding';
import { ensureCustomer } from '../modules/payments/customers';
import { inPledgeTransaction, transitionPledge } from '../modules/pledges/pledge-transitions';

export type DemoPledge = { id: number; userId: number; amountCents: number; name: string };
export type DemoDareFunding = {
  dareId: number;
  status: 'pending' | 'active' | 'verification' | 'completed' | 'failed';
  pledges: DemoPledge[];
};

/**
 * Funds the demo dares the way real users do: each demo pledge pays with test card 4242 at
 * the simulated gateway (a real manual-capture hold, saved for renewals), is authorized
 * through the pledge lifecycle, and the ended dares then go through the same capture and
 * release services as any dare. So the demo world has the intents, holds and ledger rows a
 * real one would, and `npm run admin -- check-ledger` holds for it.
 */
export async function fundDemoDares(ctx: AppContext, dares: DemoDareFunding[]): Promise<void> {
  const gateway = simulatedGateway(ctx);
  const cards = new Map<number, SavedCard>();
  for (const dare of dares) {
    for (const pledge of dare.pledges) {
      const hold = gateway ? await placeHold(ctx, pledge, cards) : null;
      await inPledgeTransaction(ctx, (tx) =>
        transitionPledge(
          tx,
          pledge.id,
          'authorize',
          {
            authorizedAt: new Date(),
            ...(hold ?? {}),
          },
          ctx.config.publicUrl,
        ),
      );
    }
    // Without a gateway of our own (Stripe mode) there are no holds to capture or release.
    if (!gateway) continue;
    if (dare.status === 'completed') await completeDareFunding(ctx, dare.dareId);
    if (dare.status === 'failed') await releaseDareFunding(ctx, dare.dareId);
  }
}

type SavedCard = { customerId: string; paymentMethodId: string };

/**
 * The demo user's card, saved with their first pledge and used again for the next ones, as a
 * returning pledger's saved card is (the start's seed pays two gateway calls less per pledge).
 */
async function savedCard(ctx: AppContext, pledge: DemoPledge, cards: Map<number, SavedCard>) {
  const saved = cards.get(pledge.userId);
  if (saved) return saved;
  const gateway = simulatedGateway(ctx)!;
  const customerId = await ensureCustomer(ctx, pledge.userId);
  const method = await gateway.createPaymentMethod({
    card: {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 4,
      cvc: '123',
    },
    billingDetails: { name: pledge.name },
  });
  await gateway.attachPaymentMethod({ paymentMethodId: method.id, customerId });
  const card = { customerId, paymentMethodId: method.id };
  cards.set(pledge.userId, card);
  return card;
}

async function placeHold(ctx: AppContext, pledge: DemoPledge, cards: Map<number, SavedCard>) {
  const gateway = simulatedGateway(ctx)!;
  const { customerId, paymentMethodId } = await savedCard(ctx, pledge, cards);
  const intent = await gateway.createPaymentIntent({
    amountCents: pledge.amountCents,
    customerId,
    paymentMethodId,
    captureMethod: 'manual',
    setupFutureUsage: 'off_session',
    metadata: { purpose: 'pledge', pledgeId: String(pledge.id) },
    idempotencyKey: `demo:pledge:${pledge.id}:intent`,
  });
  const confirmed = await gateway.confirmPaymentIntent({
    clientSecret: intent.clientSecret,
    paymentMethodId,
  });
  return {
    paymentIntentId: confirmed.id,
    clientSecret: confirmed.clientSecret,
    paymentMethodId,
    captureBefore: confirmed.captureBefore,
  };
}
