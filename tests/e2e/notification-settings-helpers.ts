import type { Page } from 'playwright-core';

/** Opens Notification Settings from the profile menu, as a person does; returns the dialog. */
export async function openNotificationSettings(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notification Settings' });
  await dialog.waitFor();
  return dialog;
}
