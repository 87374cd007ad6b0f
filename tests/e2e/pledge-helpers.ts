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

export type DareSummary = {
  id: number;
  title: string;
  status: string;
  currentAmount: number;
  pledgeCount: number;
};

/** A dare as GET /api/dares/{id} answers anyone. */
export async function dareSummary(baseUrl: string, id: number): Promise<DareSummary> {
  return (await (await fetch(`${baseUrl}/api/dares/${id}`)).json()) as DareSummary;
}

/** `count` seeded dares that take pledges (active or pending), from the feed's first page. */
export async function openDares(baseUrl: string, count: number): Promise<DareSummary[]> {
  const page = (await (await fetch(`${baseUrl}/api/dares?limit=50`)).json()) as {
    items: DareSummary[];
  };
  const open = page.items.filter((item) => ['active', 'pending'].includes(item.status));
  if (open.length < count) throw new Error(`The demo world has fewer than ${count} open dares`);
  return open.slice(0, count);
}
