import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { openNotificationSettings } from './notification-settings-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true }).getByText(text);

describe('notification settings', () => {
  it('turns one kind of email off, and it stays off after a reload', async () => {
    const user = uniqueUser('settings');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await page.goto('/auth?redirectTo=%2Fprofile');
    await page.getByLabel('Email or username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');

    let dialog = await openNotificationSettings(page);
    await dialog.getByText('In-app notifications are always on').waitFor();
    const pledges = dialog.getByRole('switch', { name: 'Someone pledges to my dare' });
    await pledges.waitFor();
    expect(await pledges.getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('switch').count()).toBeGreaterThanOrEqual(11);
    await page.waitForTimeout(400); // the sheet's slide-up animation
    await harness.screenshot(page, 'notification-settings');

    await pledges.click();
    await toastText(page, 'Notification settings saved').waitFor();
    expect(await pledges.getAttribute('aria-checked')).toBe('false');
    await page.waitForTimeout(400); // the switch and the toast animate
    await harness.screenshot(page, 'notification-settings-saved');

    await page.reload();
    dialog = await openNotificationSettings(page);
    const after = dialog.getByRole('switch', { name: 'Someone pledges to my dare' });
    await after.waitFor();
    expect(await after.getAttribute('aria-checked')).toBe('false');
    expect(
      await dialog
        .getByRole('switch', { name: 'My dare reaches its goal' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    // Keyboard: Space flips the focused switch back on.
    await after.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => after.getAttribute('aria-checked')).toBe('true');

    // The settings link of every email opens the dialog straight away.
    await page.goto('/profile?settings=notifications');
    await page
      .getByRole('dialog', { name: 'Notification Settings' })
      .getByRole('switch', { name: 'Someone pledges to my dare' })
      .waitFor();
  });
});
