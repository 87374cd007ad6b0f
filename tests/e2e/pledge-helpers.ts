import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The pledge flow's three calls (create, intent, card confirm) from the signed-in page. */
export async function pledgeFromPage(
  page: Page,
  dareId: number,
  dollars: number,
  cardholder = 'Pat Pledger',
) {
  const status = await page.evaluate(
    async ({ dareId, dollars, cardholder }) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: await response.json() };
      };
      const pledge = await post('/api/pledges', { dareId, amount: dollars });
      const intent = await post('/api/pledges/payment-intent', {
        pledgeId: pledge.json.id,
        dareId,
        amount: dollars * 100,
      });
      const confirm = await post('/api/payments/simulated/confirm', {
        clientSecret: intent.json.clientSecret,
        paymentMethod: {
          card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
          billingDetails: { name: cardholder },
        },
      });
      return confirm.status;
    },
    { dareId, dollars, cardholder },
  );
  expect(status).toBe(200);
}
