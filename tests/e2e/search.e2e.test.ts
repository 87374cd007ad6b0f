import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search people and dares' });
const section = (page: Page, name: 'People' | 'Dares') => page.getByRole('region', { name });
const feed = (page: Page) => page.locator('article[aria-roledescription="slide"]').first();

async function openDiscover(page: Page) {
  await page.goto('/discover');
  await feed(page).waitFor();
}

describe('search on Discover', () => {
  it('finds a person and a dare as you type, and opens them', async () => {
    const page = await harness.newPage();
    await openDiscover(page);
    await page.getByRole('search', { name: 'Search people and dares' }).waitFor();

    // Part of a display name: the person, and no feed behind the results.
    await box(page).fill('marti');
    const leo = section(page, 'People').getByRole('link', { name: /Leo Martins\s*@leo_runs/ });
    await leo.waitFor();
    expect(await feed(page).count()).toBe(0);
    await page
      .getByText(/^\d+ (person|people) and \d+ dares? found$/)
      .waitFor({ state: 'attached' });

    // The row shows the person's picture.
    await leo.locator('img').evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0
        ? true
        : new Promise((resolve, reject) => {
            img.onload = resolve;
            img.onerror = reject;
          }),
    );
    await harness.screenshot(page, 'search-people');

    // A dare by the start of its title, typed as a prefix of the last word.
    await box(page).fill('hot sau');
    const dare = section(page, 'Dares').getByRole('link', { name: /Hot Sauce Tasting/ });
    await dare.waitFor();
    await expect(dare.textContent()).resolves.toMatch(/Funding|Active/);
    await expect(dare.textContent()).resolves.toMatch(/\$[\d,.]+ of \$150/);
    await harness.screenshot(page, 'search-dares');
    await dare.click();
    await page.waitForURL(/\/dares\/\d+$/);
    await page.getByRole('heading', { name: 'Hot Sauce Tasting' }).first().waitFor();
    // Back returns to the results, the query still in the box.
    await page.goBack();
    await dare.waitFor();
    expect(page.url()).toMatch(/\/discover\?q=hot\+sau$/);
    expect(await box(page).inputValue()).toBe('hot sau');

    // Back on Discover, the person's row leads to their profile.
    await openDiscover(page);
    await box(page).fill('Leo M');
    await leo.click();
    await page.waitForURL(/\/users\/\d+$/);
  });

  it('loads more of a section on demand', async () => {
    for (let i = 1; i <= 12; i++) {
      await registerViaApi(harness.baseUrl, {
        ...uniqueUser('quinn'),
        displayName: `Quinn Tester ${i}`,
      });
    }
    const page = await harness.newPage();
    await openDiscover(page);
    await box(page).fill('quinn');
    const rows = section(page, 'People').getByRole('link', { name: /Quinn Tester/ });
    await rows.nth(9).waitFor();
    expect(await rows.count()).toBe(10);
    await harness.screenshot(page, 'search-load-more');
    await page.getByRole('button', { name: 'Load more people' }).click();
    await rows.nth(11).waitFor();
    expect(await rows.count()).toBe(12);
    await rows.nth(11).scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'search-scrolled');
    expect(await page.getByRole('button', { name: 'Load more people' }).count()).toBe(0);
  });

  it('says when nothing matches, and Escape or the clear button brings the feed back', async () => {
    const page = await harness.newPage();
    await openDiscover(page);
    await box(page).fill('zzqx nothing here');
    await page.getByText('No results for "zzqx nothing here"').first().waitFor();
    await harness.screenshot(page, 'search-empty');
    await box(page).press('Escape');
    await feed(page).waitFor();
    expect(await box(page).inputValue()).toBe('');
    expect(page.url()).toMatch(/\/discover$/);
    await harness.screenshot(page, 'search-idle-feed');

    await box(page).fill('maya');
    await section(page, 'People')
      .getByRole('link', { name: /Maya Chen/ })
      .waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await feed(page).waitFor();
    expect(await box(page).inputValue()).toBe('');
  });

  it('shows placeholders while searching and a retry after a failure', async () => {
    const page = await harness.newPage();
    await openDiscover(page);
    // Hold the answers until the loading state has been looked at.
    const held: Route[] = [];
    await page.route('**/api/search?*', (route) => {
      held.push(route);
    });
    await box(page).fill('ice');
    await page.getByRole('heading', { name: 'People' }).waitFor();
    await page.getByText('Searching...').waitFor({ state: 'attached' });
    await harness.screenshot(page, 'search-loading');
    for (const route of held) await route.abort('failed');
    await page.unroute('**/api/search?*');

    await page.getByRole('alert').getByText('Search failed').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await section(page, 'Dares')
      .getByRole('link', { name: /Ice Bucket Challenge/ })
      .waitFor();
  });
});
