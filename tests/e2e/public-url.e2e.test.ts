import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

// Issue 19 item 14: without PUBLIC_URL the server's links default to localhost. Browsing at
// 127.0.0.1, every redirect inside the app must keep to the address in use (the session
// cookie belongs to it), and the server says once at start that PUBLIC_URL is unset.
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ env: { PUBLIC_URL: undefined } });
});

afterAll(async () => {
  await harness?.stop();
});

describe('running without PUBLIC_URL, browsed at 127.0.0.1', () => {
  it('warns once at start, naming PUBLIC_URL', () => {
    const lines = harness.serverLog().split('\n');
    const warnings = lines.filter((line) => line.includes('PUBLIC_URL is not set'));
    expect(warnings, harness.serverLog()).toHaveLength(1);
    expect(warnings[0]).toContain('"level":40');
  });

  it('the login redirect and the payout setup stay on the address in use, signed in', async () => {
    const origin = new URL(harness.baseUrl).origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const user = uniqueUser('public-url');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();

    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    expect(new URL(page.url()).origin).toBe(origin);

    const payouts = page.getByRole('region', { name: 'Payout account' });
    await payouts.getByRole('button', { name: 'Set up payouts' }).click();
    await page.waitForURL((url) => url.pathname === '/payouts/onboarding');
    expect(new URL(page.url()).origin).toBe(origin);
    await page.getByRole('heading', { name: 'Set up payouts' }).waitFor();
    await page.getByLabel('Legal name').fill('Dana Daring');
    await page.getByLabel('Date of birth').fill('1990-04-12');
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Verify account' }).click();

    await page.waitForURL((url) => url.pathname === '/profile');
    expect(new URL(page.url()).origin).toBe(origin);
    await payouts.getByText('Verified').waitFor();
    await toastText(page, 'Payouts set up').waitFor();
  });
});
