import type { Page } from 'playwright-core';
import { type Harness, registerViaApi, uniqueUser } from './harness';

/** The dare on screen (its neighbours are mounted but inert). */
export const currentSlide = (page: Page) =>
  page.locator('div:not([inert]) > article[aria-roledescription="slide"]');

/** "Ice Bucket Challenge, 2 of 6" → 2 */
export async function slidePosition(
  page: Page,
): Promise<{ title: string; at: number; of: number }> {
  const label = (await currentSlide(page).getAttribute('aria-label')) ?? '';
  const match = /^(.*), (\d+) of (\d+)$/.exec(label);
  if (!match) throw new Error(`Unexpected slide label: ${label}`);
  return { title: match[1]!, at: Number(match[2]), of: Number(match[3]) };
}

/** Waits until the slide at position `at` is the current one. */
export async function waitForPosition(page: Page, at: number) {
  await page.waitForFunction((want) => {
    const slide = document.querySelector(
      'div:not([inert]) > article[aria-roledescription="slide"]',
    );
    return new RegExp(`, ${want} of \\d+$`).test(slide?.getAttribute('aria-label') ?? '');
  }, at);
}

/** A toast's text (Radix keeps a hidden copy for screen readers too). */
export const toastRegion = (page: Page) =>
  page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });

export const toastText = (page: Page, text: string | RegExp) =>
  toastRegion(page).getByText(text, { exact: typeof text === 'string' });

export async function logIn(page: Page, user: { email: string; password: string }, to = '/') {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === to);
}

/** A fresh account (no pledges, no dares) of its own browser profile, logged in at `to`. */
export async function newcomerPage(harness: Harness, prefix: string, to = '/'): Promise<Page> {
  const user = uniqueUser(prefix);
  await registerViaApi(harness.baseUrl, user);
  const page = await harness.newPage();
  await logIn(page, user, to);
  return page;
}
