import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.stop();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A toast's text, looked up in the notification region (Radix also keeps a hidden copy for screen readers). */
const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true }).getByText(text);

async function fillLogin(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('auth and the web shell', () => {
  it('breaks no rule of the Content-Security-Policy on the screens a signed-in user opens', async () => {
    const page = await harness.newPage();
    // Every violation is reported to the page as an event (Chromium also lists it as an issue).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    const user = uniqueUser('csp');
    await registerViaApi(harness.baseUrl, user);
    await page.goto('/auth');
    await fillLogin(page, user);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await violations()).toEqual([]);
    for (const path of ['/profile', '/discover', '/dare-requests', '/send-dare-request']) {
      await page.goto(path);
      await page.getByRole('navigation').first().waitFor();
      expect(await violations(), path).toEqual([]);
    }
  });

  it('registers, shows the session on the profile, logs out and back in', async () => {
    const page = await harness.newPage();
    const user = uniqueUser('reg');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Display name').fill('Erin Endtoend');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await harness.screenshot(page, 'register-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await toastText(page, 'Registration successful').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    await harness.screenshot(page, 'register-landed-on-feed');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Me' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const sessionLine = page.getByText(
      /^Logged in until [A-Z][a-z]{2} \d{1,2}, \d{4} \(60 days\)$/,
    );
    await sessionLine.waitFor();
    await page.getByRole('heading', { name: 'Erin Endtoend' }).waitFor();
    expect(await page.getByRole('link', { name: 'Me' }).getAttribute('aria-current')).toBe('page');
    await harness.screenshot(page, 'profile');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await toastText(page, 'You have been successfully logged out.').waitFor();
    await harness.screenshot(page, 'logged-out');

    await fillLogin(page, user);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByText(/\(60 days\)/).waitFor();
    expect(pathOf(page)).toBe('/profile');
    await harness.screenshot(page, 'logged-in-again');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await harness.newPage();
    await page.goto('/some/unknown/path');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await harness.screenshot(page, 'not-found');
  });

  // Issue 19 item 21: /dev/* answered raw JSON in production, where it does not exist.
  it('shows the 404 page at /dev/mail outside development', async () => {
    const page = await harness.newPage();
    await page.goto('/dev/mail');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await harness.screenshot(page, 'not-found-dev-mail');
  });

  it('shows the email validation message in the register form', async () => {
    const page = await harness.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const email = page.getByLabel('Email', { exact: true });
    await email.fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toContain('register-email-error');
    expect(pathOf(page)).toBe('/auth');
    await harness.screenshot(page, 'register-invalid-email');
  });

  it('sends a logged-out visitor from /profile to login and back', async () => {
    const user = uniqueUser('back');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(page.url()).toBe(`${harness.baseUrl}/auth?redirectTo=%2Fprofile`);
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await harness.screenshot(page, 'profile-redirected-to-auth');

    await fillLogin(page, user);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText(/^Logged in until .* \(60 days\)$/).waitFor();
    await harness.screenshot(page, 'profile-after-redirect-login');
  });
});
