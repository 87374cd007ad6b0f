import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '../support/dare-requests';
import { axeViolations, signInAs } from './a11y-helpers';
import { demo } from './a11y-world';
import { currentSlide } from './feed-helpers';
import { type Harness, startHarness } from './harness';
import { type ApiUser, call, logInViaApi } from './proof-helpers';

/**
 * Issue 23 item 5: /discover, its search, /users/{id}, /achievements, /inbox and
 * /dare-requests render their first screen from the page's own data. Each test blocks the
 * API calls that screen would make for it: what shows came with the HTML.
 */
let harness: Harness;
let maya: ApiUser;
let leo: ApiUser;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
  [maya, leo] = await Promise.all([
    logInViaApi(harness.baseUrl, demo('maya')),
    logInViaApi(harness.baseUrl, demo('leo')),
  ]);
  // Maya's inbox and requests: a message and a dare request from Leo.
  const conversation = await call<{ id: number }>(harness.baseUrl, leo, '/api/conversations', {
    participants: [maya.id],
  });
  await call(harness.baseUrl, leo, `/api/conversations/${conversation.id}/messages`, {
    content: 'Ready for the ice bath?',
  });
  await call(
    harness.baseUrl,
    leo,
    '/api/dare-requests',
    requestBody({ recipientId: maya.id, dareTitle: 'Juggle three oranges' }),
  );
}, 180_000);

afterAll(async () => {
  await harness?.stop();
});

/** Fails every API request whose path matches `blocked`; returns the paths it blocked. */
async function blockApi(page: Page, blocked: RegExp): Promise<string[]> {
  const seen: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/') && blocked.test(url.pathname),
    (route) => {
      seen.push(new URL(route.request().url()).pathname);
      return route.abort();
    },
  );
  return seen;
}

async function signedInPage(): Promise<Page> {
  const page = await harness.newPage();
  await signInAs(page, demo('maya'));
  return page;
}

describe('first screens with their API calls blocked', () => {
  it('/discover shows public dares', async () => {
    const page = await harness.newPage();
    await blockApi(page, /^\/api\/dares\/public/);
    await page.goto('/discover');
    await currentSlide(page).waitFor();
    await harness.screenshot(page, 'first-screen-discover');
  });

  it('/discover?q= shows the search results', async () => {
    const page = await harness.newPage();
    await blockApi(page, /^\/api\/search/);
    await page.goto('/discover?q=maya');
    await page.getByText('Maya Chen').first().waitFor();
    await harness.screenshot(page, 'first-screen-search');
  });

  it('/users/{id} shows the profile and its dares', async () => {
    const page = await harness.newPage();
    await blockApi(page, /^\/api\/(users\/\d+$|dares\/user\/)/);
    await page.goto(`/users/${leo.id}`);
    await page.getByRole('heading', { name: 'Leo Martins', level: 2 }).waitFor();
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    await harness.screenshot(page, 'first-screen-user');
  });

  it('/achievements shows the cards, its headings in sequence', async () => {
    const page = await signedInPage();
    await blockApi(page, /^\/api\/(achievements|users\/\d+\/stats)/);
    await page.goto('/achievements');
    // The category tabs and their cards show only with the list.
    await page.getByRole('tablist', { name: 'Achievement categories' }).waitFor();
    await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first().waitFor();
    await harness.screenshot(page, 'first-screen-achievements');
    expect((await axeViolations(page)).filter((line) => line.startsWith('heading-order'))).toEqual(
      [],
    );
  });

  it('/inbox shows the conversations', async () => {
    const page = await signedInPage();
    await blockApi(page, /^\/api\/conversations$/);
    await page.goto('/inbox');
    await page.getByText('Leo Martins').first().waitFor();
    await harness.screenshot(page, 'first-screen-inbox');
  });

  it('/dare-requests shows the received requests, its headings in sequence', async () => {
    const page = await signedInPage();
    await blockApi(page, /^\/api\/dare-requests$/);
    await page.goto('/dare-requests');
    await page.getByRole('heading', { name: 'Juggle three oranges', level: 2 }).waitFor();
    await harness.screenshot(page, 'first-screen-dare-requests');
    expect((await axeViolations(page)).filter((line) => line.startsWith('heading-order'))).toEqual(
      [],
    );
  });
});
