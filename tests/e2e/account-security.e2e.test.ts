import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

/** Issue 20 item 3: the Security screen ends other sessions and changes the password. */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('Security settings', () => {
  it('signs another browser out from the sessions list, and that browser is signed out', async () => {
    const user = uniqueUser('security');
    await registerViaApi(harness.baseUrl, user);
    const laptop = await harness.newPage({ userAgent: WINDOWS_FIREFOX });
    await logIn(laptop, user, '/profile');
    const phone = await harness.newPage({ userAgent: ANDROID });
    await logIn(phone, user, '/profile');

    await phone.getByRole('button', { name: 'Profile menu' }).click();
    await phone.getByRole('menuitem', { name: 'Security' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    const devices = phone.getByRole('list', { name: 'Signed-in devices' });
    await devices.getByText('Firefox on Windows').waitFor();
    await expect
      .poll(() => devices.getByRole('listitem').filter({ hasText: 'This device' }).textContent())
      .toContain('Chrome on Android');
    await harness.screenshot(phone, 'security-1-sessions');

    await devices.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
    await expect.poll(() => devices.getByText('Firefox on Windows').count()).toBe(0);

    // The laptop's next screen asks it to log in; the phone stays signed in.
    await laptop.goto('/profile');
    await laptop.getByRole('button', { name: 'Log in' }).waitFor();
    await phone.reload();
    await devices.getByText('Chrome on Android').waitFor();
  });

  it('changes the password: wrong current password on its field, then the others are signed out', async () => {
    const user = uniqueUser('newpass');
    await registerViaApi(harness.baseUrl, user);
    const other = await harness.newPage({ userAgent: WINDOWS_FIREFOX });
    await logIn(other, user, '/profile');
    const page = await harness.newPage({ userAgent: ANDROID });
    await logIn(page, user, '/settings/security');
    const form = page.getByRole('form', { name: 'Change password' });

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await form.getByLabel('Confirm new password').fill('brand-new-pass');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Current password is incorrect').waitFor();
    expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toastText(page, 'Password changed').waitFor();
    await harness.screenshot(page, 'security-2-password-changed');
    await expect
      .poll(() =>
        page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem').count(),
      )
      .toBe(1);

    await other.goto('/profile');
    await other.getByRole('button', { name: 'Log in' }).waitFor();
    await logIn(other, { email: user.email, password: 'brand-new-pass' }, '/profile');
  });
});
