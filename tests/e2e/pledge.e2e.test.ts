import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { formatAmount } from '@/web/features/payments/lib/format-amount';
import { currentSlide, newcomerPage, toastText } from './feed-helpers';
import { type Harness, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

interface DareSummary {
  id: number;
  title: string;
  description: string;
  status: string;
  currentAmount: number;
  targetAmount: number;
  pledgeCount: number;
}

async function getDare(id: number | string): Promise<DareSummary> {
  const response = await fetch(`${harness.baseUrl}/api/dares/${id}`);
  return (await response.json()) as DareSummary;
}

/** A seeded dare that takes pledges (the new users of these tests created none). */
async function openDare(skip = 0): Promise<DareSummary> {
  const response = await fetch(`${harness.baseUrl}/api/dares?limit=50`);
  const page = (await response.json()) as { items: DareSummary[] };
  const open = page.items.filter((dare) => dare.status === 'active' || dare.status === 'pending');
  const dare = open[skip];
  if (!dare) throw new Error('No seeded dare takes pledges');
  return dare;
}

/** A fresh account (never the creator of a seeded dare), logged in at `to`. */
const newPledger = (prefix: string, to = '/') => newcomerPage(harness, prefix, to);

async function fillCard(scope: Page | ReturnType<Page['getByRole']>, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Cardholder name').fill('Pat Pledger');
  await scope.getByLabel('Expiry (MM/YY)').fill('1234');
  await scope.getByLabel('CVC').fill('123');
}

/** Saves a card the way Billing & Payment does (gateway payment method, then the user's list). */
async function saveCard(page: Page, number: string) {
  const status = await page.evaluate(async (cardNumber) => {
    const post = (path: string, body: unknown) =>
      fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await post('/api/payments/simulated/payment-methods', {
      card: { number: cardNumber, expMonth: 12, expYear: 2034, cvc: '123' },
      billingDetails: { name: 'Pat Pledger' },
    });
    const method = (await created.json()) as { id: string };
    const saved = await post('/api/user/payment-methods', {
      paymentMethodId: method.id,
      setAsDefault: true,
    });
    return saved.status;
  }, number);
  expect(status).toBeLessThan(300);
}

describe('pledging from the feed', () => {
  it('sends a visitor to log in first', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await currentSlide(page)
      .getByRole('button', { name: /^(Pledge|Fund)$/ })
      .click();
    await toastText(page, 'Please log in to make a pledge').waitFor();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/');
  });

  it('pledges $20 with a card and the dare counts it', async () => {
    const page = await newPledger('pledge20');
    const slide = currentSlide(page);
    await slide.waitFor();
    const id = Number(await slide.getAttribute('data-dare-id'));
    const before = await getDare(id);

    await slide.getByRole('button', { name: /^(Pledge|Fund)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pledge to this Dare' });
    await dialog.getByText(before.title, { exact: true }).waitFor();
    await dialog.getByText(/^from \d+ (person|people)$/).waitFor();
    await dialog.getByText(/(left|Ended)$/).waitFor();
    await dialog
      .getByText('By pledging, you agree to our Terms of Service and Privacy Policy.')
      .waitFor();
    const proceed = dialog.getByRole('button', { name: 'Continue to Payment' });
    expect(await proceed.isDisabled()).toBe(true);
    await harness.screenshot(page, 'pledge-1-modal');
    // Escape closes it; the button opens it again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await slide.getByRole('button', { name: /^(Pledge|Fund)$/ }).click();
    await dialog.waitFor();
    // Scrolling or dragging over the dialog leaves the feed where it is.
    await page.mouse.move(195, 700);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(400);
    expect(Number(await currentSlide(page).getAttribute('data-dare-id'))).toBe(id);

    // Custom below the minimum explains itself; a preset replaces it.
    await dialog.getByText('Custom', { exact: true }).click();
    await dialog.getByLabel('Custom amount').fill('3');
    await proceed.click();
    await dialog.getByText('Minimum pledge is $5').waitFor();
    await harness.screenshot(page, 'pledge-2-custom-minimum');
    await dialog.getByText('$20', { exact: true }).click();
    expect(await proceed.isEnabled()).toBe(true);
    await proceed.click();

    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.waitFor();
    await payment
      .getByText('Payment is authorized but not charged until the dare is successfully completed.')
      .waitFor();
    await payment
      .getByText('This is a test payment form. No real payments will be processed.')
      .waitFor();
    await fillCard(payment, '4242424242424242');
    expect(await payment.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await harness.screenshot(page, 'pledge-3-payment');
    // Slow the card provider down enough to see the busy state.
    await page.route('**/api/payments/simulated/confirm', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await payment.getByRole('button', { name: 'Pay $20' }).click();
    const processing = payment.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    expect(await payment.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await harness.screenshot(page, 'pledge-3b-processing');
    await toastText(page, 'Payment Successful').waitFor();
    await toastText(
      page,
      'Your pledge has been authorized. It will be captured when the dare is completed.',
    ).waitFor();
    await payment.waitFor({ state: 'detached' });
    await harness.screenshot(page, 'pledge-4-success');

    const after = await getDare(id);
    expect(after.currentAmount).toBe(before.currentAmount + 20);
    expect(after.pledgeCount).toBe(before.pledgeCount + 1);
    await page.goto(`/dares/${id}`);
    await page.getByText(formatDollars(before.currentAmount + 20), { exact: true }).waitFor();
    await harness.screenshot(page, 'pledge-5-detail-after');
  });

  it('shows a declined card, counts nothing, and takes another card in the same dialog', async () => {
    const page = await newPledger('decline');
    const slide = currentSlide(page);
    await slide.waitFor();
    const id = Number(await slide.getAttribute('data-dare-id'));
    const before = await getDare(id);

    await slide.getByRole('button', { name: /^(Pledge|Fund)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pledge to this Dare' });
    await dialog.getByText('$10', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await fillCard(payment, '4000000000000002');
    await payment.getByRole('button', { name: 'Pay $10' }).click();
    await toastText(page, 'Payment Failed').waitFor();
    await payment.getByText('Your card was declined.').waitFor();
    // What was typed is still there to correct.
    expect(await payment.getByLabel('Cardholder name').inputValue()).toBe('Pat Pledger');
    await harness.screenshot(page, 'pledge-6-declined');
    expect((await getDare(id)).currentAmount).toBe(before.currentAmount);

    await payment.getByLabel('Card number').fill('4242424242424242');
    await payment.getByRole('button', { name: 'Pay $10' }).click();
    await toastText(page, 'Payment Successful').waitFor();
    expect((await getDare(id)).currentAmount).toBe(before.currentAmount + 10);
  });

  // Issue 19 item 21: a saved American Express card was cut off with an ellipsis.
  it("shows a saved American Express card whole in 'Pay with'", async () => {
    const page = await newPledger('amex');
    await saveCard(page, '378282246310005');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: /^(Pledge|Fund)$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pledge to this Dare' });
    await dialog.getByText('$20', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    const amexRadio = page.getByRole('radio', { name: /American Express ending in 0005/ });
    await amexRadio.waitFor({ state: 'attached' });
    expect(await amexRadio.isChecked()).toBe(true);
    const row = payment.locator('label').filter({ has: amexRadio });
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, as seen
    expect(await row.innerText()).toContain('American Express •••• 0005');
    // Nothing seen in the row is cut: every box holds its content (the sr-only text is
    // clipped on purpose).
    const clipped = await row.evaluate((label) =>
      [label, ...label.querySelectorAll<HTMLElement>('*')]
        .filter((element) => !element.closest('.sr-only'))
        .filter((element) => element.scrollWidth > element.clientWidth + 0.5)
        .map((element) => `${element.textContent} ${element.scrollWidth}>${element.clientWidth}`),
    );
    expect(clipped).toEqual([]);
    await page.waitForTimeout(400);
    await harness.screenshot(page, 'pledge-7-amex-pay-with');
  });
});

describe('fund page', () => {
  it('sends a visitor to log in and back', async () => {
    const dare = await openDare();
    const page = await harness.newPage();
    await page.goto(`/fund/${dare.id}`);
    await page.getByText('Log in to fund this dare').waitFor();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/fund/${dare.id}`);
  });

  it('funds a custom amount through a card that asks for authentication', async () => {
    const dare = await openDare(1);
    const page = await newPledger('fund', `/fund/${dare.id}`);
    await page.getByRole('heading', { name: dare.title }).waitFor();
    await page
      .getByText(
        `${formatAmount(dare.currentAmount)} pledged out of ${formatAmount(dare.targetAmount)} goal`,
      )
      .waitFor();
    const proceed = page.getByRole('button', { name: 'Continue to Payment' });
    expect(await proceed.isDisabled()).toBe(true);
    await harness.screenshot(page, 'fund-1-amounts');

    await page.getByText('Custom', { exact: true }).click();
    await page.getByLabel('Custom amount').fill('0');
    await proceed.click();
    await toastText(page, 'Invalid amount').waitFor();
    await toastText(page, 'Please enter a valid pledge amount').waitFor();
    await page.getByLabel('Custom amount').fill('15');
    await proceed.click();

    await page.getByText('Your pledge').waitFor();
    await fillCard(page, '4000002500003155');
    await harness.screenshot(page, 'fund-2-card');
    // Failing the bank's check declines; the same form then tries again.
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await toastText(page, 'Payment Failed').waitFor();
    await page
      .getByText(/unable to authenticate your payment method/)
      .first()
      .waitFor();
    expect((await getDare(dare.id)).currentAmount).toBe(dare.currentAmount);
    await page.getByRole('button', { name: 'Complete Payment' }).click();
    await page.getByRole('button', { name: 'Authenticate payment' }).waitFor();
    await harness.screenshot(page, 'fund-3-authenticate');
    await page.getByRole('button', { name: 'Authenticate payment' }).click();
    await toastText(page, 'Payment Successful').waitFor();
    await page.waitForURL((url) => url.pathname === `/dares/${dare.id}`);
    expect((await getDare(dare.id)).currentAmount).toBe(dare.currentAmount + 15);
    await harness.screenshot(page, 'fund-4-back-on-dare');
  });

  it('says so when the dare does not exist', async () => {
    const page = await newPledger('fund404', '/fund/987654');
    await page.getByRole('heading', { name: 'Dare not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('Pledge Now and the pledge payment page', () => {
  it('pledges $10 from the dare, authorizes it, and remembers that', async () => {
    const dare = await openDare(2);
    const page = await newPledger('quick', `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await page.waitForURL((url) => /^\/pledge\/\d+\/payment$/.test(url.pathname));
    await page.getByRole('heading', { name: 'Complete Your Pledge' }).waitFor();
    await page.getByRole('heading', { name: dare.title }).waitFor();
    await page.getByText('$10', { exact: true }).waitFor();
    await page
      .getByText(
        'Your payment will be authorized but not charged until the dare is successfully completed.',
      )
      .waitFor();
    await fillCard(page, '4242424242424242');
    await harness.screenshot(page, 'pledge-page-1-form');
    await page.getByRole('button', { name: 'Authorize $10' }).click();
    await page.getByRole('heading', { name: 'Payment Authorized Successfully!' }).waitFor();
    await harness.screenshot(page, 'pledge-page-2-authorized');
    expect((await getDare(dare.id)).currentAmount).toBe(dare.currentAmount + 10);

    // An authorized pledge stays authorized.
    await page.reload();
    await page.getByRole('heading', { name: 'Payment Authorized Successfully!' }).waitFor();
    await page.getByRole('link', { name: 'Return to Dare' }).click();
    await page.waitForURL((url) => url.pathname === `/dares/${dare.id}`);

    // A card saved in Billing & Payment is offered next time, preselected as the default.
    await saveCard(page, '5555555555554444');
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await page.waitForURL((url) => /^\/pledge\/\d+\/payment$/.test(url.pathname));
    const saved = page.getByRole('radio', { name: /ending in 4444/ });
    await saved.waitFor({ state: 'attached' });
    expect(await saved.isChecked()).toBe(true);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await harness.screenshot(page, 'pledge-page-3-saved-card');
    await page.getByRole('button', { name: 'Authorize $10' }).click();
    await page.getByRole('heading', { name: 'Payment Authorized Successfully!' }).waitFor();
    expect((await getDare(dare.id)).currentAmount).toBe(dare.currentAmount + 20);
  });

  it('makes one pledge from a double-tapped Pledge Now (issue 19 item 10)', async () => {
    const dare = await openDare(3);
    const page = await newPledger('double', `/dares/${dare.id}`);
    const button = page.getByRole('button', { name: 'Pledge Now' });
    await button.waitFor();
    // Two taps before the screen re-renders.
    await button.evaluate((element: HTMLButtonElement) => {
      element.click();
      element.click();
    });
    await page.waitForURL((url) => /^\/pledge\/\d+\/payment$/.test(url.pathname));
    const mine = await page.evaluate(async () => (await fetch('/api/pledges/user')).json());
    const onThisDare = (mine as { dareId: number }[]).filter((p) => p.dareId === dare.id);
    expect(onThisDare).toHaveLength(1);
    await page.getByRole('heading', { name: 'Complete Your Pledge' }).waitFor();
    await harness.screenshot(page, 'pledge-page-4-after-double-tap');
  });

  it('explains a pledge that cannot be paid', async () => {
    const page = await newPledger('missing', '/pledge/987654/payment');
    await page.getByRole('heading', { name: 'Error setting up payment' }).waitFor();
    await page.getByText('Pledge not found').waitFor();
    await harness.screenshot(page, 'pledge-page-4-error');
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
  });
});
