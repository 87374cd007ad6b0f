import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002500003155',
  failsLater: '4000000000000341',
} as const;

/** The body the simulated card provider takes, as the web app's card form sends it. */
export const cardPayment = (number: string) => ({
  card: { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  billingDetails: { name: 'Test Pledger' },
});

/**
 * The spec's pledge flow over HTTP (section 4): create the pledge, create its payment
 * intent, confirm it with a card at the (simulated) card provider. Returns every answer.
 */
export async function pledgeOverHttp(
  app: FastifyInstance,
  cookie: string,
  dareId: number,
  dollars: number,
  card: string = CARDS.visa,
) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/pledges',
    headers: { cookie, 'idempotency-key': randomUUID() },
    payload: { dareId, amount: dollars },
  });
  if (created.statusCode !== 201) return { created, intent: null, confirm: null };
  const pledge = created.json() as { id: number; amount: number };
  const intent = await app.inject({
    method: 'POST',
    url: '/api/pledges/payment-intent',
    headers: { cookie },
    payload: { pledgeId: pledge.id, dareId, amount: Math.round(dollars * 100) },
  });
  if (intent.statusCode !== 200) return { created, intent, confirm: null };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { clientSecret: intent.json().clientSecret, paymentMethod: cardPayment(card) },
  });
  return { created, intent, confirm, pledgeId: pledge.id };
}
