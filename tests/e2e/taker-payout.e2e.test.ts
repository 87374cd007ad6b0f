import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@/server/seed/demo-data';
import { logIn } from './feed-helpers';
import { type Harness, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

describe('the taker of a completed dare without a payout account', () => {
  it('sees what they earned and is prompted to set up payouts (profile and dare detail)', async () => {
    // Sam took on 'Sing in Public', completed in the demo data: captured, no payout account.
    const page = await harness.newPage();
    await logIn(page, { email: 'sam@demo.darefund.example', password: DEMO_PASSWORD }, '/profile');
    const card = page.getByRole('region', { name: 'Payout account' });
    const waiting = card.getByText(/^You have \$[\d,.]+ waiting: set up payouts to receive it$/);
    await waiting.waitFor();
    await card.getByRole('button', { name: 'Set up payouts' }).waitFor();
    // Issue 19 item 9: what the completed dares earned shows before any payout, and what was
    // paid out is its own figure.
    const waitingAmount = /\$[\d,.]+/.exec((await waiting.textContent()) ?? '')![0];
    const money = page.getByRole('list', { name: 'Your dares and money' });
    const figure = (label: string) =>
      money.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    expect(await figure('Earned').textContent()).toContain(waitingAmount);
    expect(await figure('Paid out').textContent()).toContain('$0');
    await harness.screenshot(page, 'taker-payout-1-profile');

    const dares = (await (await fetch(`${harness.baseUrl}/api/dares?limit=50`)).json()) as {
      items: { id: number; title: string }[];
    };
    const dare = dares.items.find((item) => item.title === 'Sing in Public');
    expect(dare).toBeDefined();
    await page.goto(`/dares/${dare!.id}`);
    const block = page.getByRole('region', { name: 'Payment status' });
    // This dare's share of what waits (the profile sums every dare Sam completed).
    await block.getByText(/^You earned \$[\d,.]+: set up payouts to receive it$/).waitFor();
    await block.getByText(/is waiting for your payout account to be verified/).waitFor();
    await block.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'taker-payout-2-detail');
  });
});
