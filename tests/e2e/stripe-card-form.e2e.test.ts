import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { logIn, toastText } from './feed-helpers';
import { type Harness, startHarness } from './harness';
import { apiUser, selfDare } from './proof-helpers';

// Issue 19 item 24: in Stripe mode, paying before Stripe's card form has loaded says the
// spec's 'Payment system not ready' (the button used to be silently disabled).
let standIn: StripeStandIn;
let harness: Harness;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  harness = await startHarness({
    env: { ...standIn.env, STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in' },
  });
}, 120_000);

afterAll(async () => {
  await harness?.stop();
  await standIn?.close();
});

describe('the Stripe card form', () => {
  it("says 'Payment system not ready' when paying before Stripe has loaded", async () => {
    const creator = await apiUser(harness.baseUrl, 'stripe-creator');
    const dare = await selfDare(harness.baseUrl, creator, 'Whistle a Tune', 20);
    const backer = await apiUser(harness.baseUrl, 'stripe-backer');
    const page = await harness.newPage();
    // Stripe.js never arrives (a slow network): the card Element keeps loading.
    await page.route('https://js.stripe.com/**', () => undefined);
    await logIn(page, backer, `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/payment'));
    await page.getByLabel('Cardholder name').fill('Pat Pledger');
    const pay = page.getByRole('button', { name: 'Authorize $10' });
    expect(await pay.isEnabled()).toBe(true);
    await pay.click();
    await toastText(page, 'Payment system not ready').waitFor();
    await harness.screenshot(page, 'texts-payment-not-ready');
  });
});
