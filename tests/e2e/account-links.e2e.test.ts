import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

/**
 * Issue 20 items 1 and 2 in the browser: the verification email read at /dev/mail takes the
 * banner away; 'Forgot password?' leads through the reset email to signing in anew.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ development: true });
});
afterAll(async () => {
  await harness?.stop();
});

/** Opens the newest email with `subject` to `to` at /dev/mail and clicks its button. */
async function followMailButton(page: Page, to: string, subject: string, button: string) {
  await page.goto('/dev/mail');
  const message = page
    .getByRole('article', { name: subject })
    .filter({ has: page.getByText(to, { exact: true }) })
    .first();
  await message.locator('iframe').waitFor();
  await message.frameLocator('iframe').getByRole('link', { name: button }).click();
}

describe('account links', () => {
  it('register, open the verification email from /dev/mail, and the banner goes', async () => {
    const page = await harness.newPage();
    const user = uniqueUser('verify');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByLabel('Confirm password').fill(user.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.getByText(`Verify your email: we sent a link to ${user.email}`).waitFor();
    // Resend, by keyboard: the result is announced in the banner.
    await banner.getByRole('button', { name: 'Resend' }).focus();
    await page.keyboard.press('Enter');
    await banner.getByText('We sent a new link. It works for 24 hours.').waitFor();
    await harness.screenshot(page, 'account-1-banner');

    await followMailButton(page, user.email, 'Verify your email address', 'Verify email address');
    await page.waitForURL((url) => url.pathname === '/verify-email');
    await page.getByText('Your email address is verified').waitFor();
    await harness.screenshot(page, 'account-2-verified');
    await page.getByRole('button', { name: 'Go to the feed' }).click();
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    expect(await banner.count()).toBe(0);

    // The same link again: used up.
    await page.goBack();
    await page.reload();
    await page.getByText('This link is invalid or has expired').waitFor();
    await harness.screenshot(page, 'account-3-link-used');
  });

  it("'Forgot password?' through to signing in with the new password", async () => {
    const user = uniqueUser('reset');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for that email, we sent a link to reset the password.')
      .waitFor();
    await harness.screenshot(page, 'account-4-forgot-sent');

    await followMailButton(page, user.email, 'Reset your password', 'Choose a new password');
    await page.waitForURL((url) => url.pathname === '/reset-password');
    const newPassword = `${user.password}-new`;
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await harness.screenshot(page, 'account-5-reset-mismatch');
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    await harness.screenshot(page, 'account-6-signed-in');

    // Signed out, the new password signs in; the old one does not.
    await page.evaluate(() => fetch('/api/logout', { method: 'POST' }));
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email or username').fill(user.email);
    await login.getByLabel('Password', { exact: true }).fill(newPassword);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
    expect(me).toMatchObject({ email: user.email, emailVerified: true });
  });

  it('a throttled login says how long to wait and offers the reset link', async () => {
    const user = uniqueUser('throttled');
    await registerViaApi(harness.baseUrl, user);
    // A stranger's guesses from elsewhere spend the budget unknown devices share.
    for (let i = 0; i < 8; i++) {
      await fetch(`${harness.baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: `wrong-${i}` }),
      });
    }
    const page = await harness.newPage();
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email or username').fill(user.email);
    await login.getByLabel('Password', { exact: true }).fill(user.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    const alert = login.getByRole('alert');
    await alert
      .getByText(/Too many login attempts\. Please try again in .+, or reset your password\./)
      .waitFor();
    await harness.screenshot(page, 'account-7-throttled');
    await alert.getByRole('link', { name: 'Reset your password' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
  });

  it('change email on Security: the address changes when the link sent to it is opened', async () => {
    const user = uniqueUser('moving');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email or username').fill(user.email);
    await login.getByLabel('Password', { exact: true }).fill(user.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/settings/security');
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByText(user.email).waitFor();
    await form.getByLabel('New email').fill(user.email);
    await form.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form.getByText('That is already your email address').waitFor();

    const newAddress = uniqueUser('moved').email;
    await form.getByLabel('New email').fill(newAddress);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await form
      .getByRole('status')
      .getByText(
        `We sent a link to ${newAddress.toLowerCase()}. Your email address changes when you open it.`,
      )
      .waitFor();
    await harness.screenshot(page, 'account-8-email-change-sent');

    await followMailButton(
      page,
      newAddress.toLowerCase(),
      'Confirm your new email address',
      'Use this email address',
    );
    await page.waitForURL((url) => url.pathname === '/confirm-email');
    await page.getByText(`Thanks: ${newAddress.toLowerCase()} is confirmed.`).waitFor();
    await harness.screenshot(page, 'account-9-email-changed');
    const me = await page.evaluate(() => fetch('/api/user').then((r) => r.json()));
    expect(me).toMatchObject({ email: newAddress.toLowerCase(), emailVerified: true });
  });
});
