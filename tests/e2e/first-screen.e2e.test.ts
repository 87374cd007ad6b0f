import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleErrors } from './console-helpers';
import { currentSlide } from './feed-helpers';
import { type Harness, startHarness, uniqueUser } from './harness';

// The page's HTML carries the first screen's data (issue 14): the first screen renders
// without asking the API for it, and an anonymous visit makes no 401 request.
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

/** A page signed in as a newly registered user. */
async function signedInNewUser(): Promise<Page> {
  const user = uniqueUser('first-screen');
  const registered = await fetch(`${harness.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  const sid = registered.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('sid='))
    ?.split(';')[0]
    ?.slice('sid='.length);
  expect(sid).toBeTruthy();
  const page = await harness.newPage();
  await page.context().addCookies([{ name: 'sid', value: sid!, url: harness.baseUrl }]);
  return page;
}

describe('first screen from the page', () => {
  it('shows the feed without fetching who is signed in or the first page', async () => {
    const page = await harness.newPage();
    const requests = apiRequests(page);
    const errors = consoleErrors(page);
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<script type="application/json" id="initial-data">');
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/media\//);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/feed-page-/);
    // The first slide's poster is painted behind the splash by the HTML itself.
    const backdrop = /<div role="status"[^>]*><img src="([^"]+)"/.exec(html)?.[1];
    expect(backdrop).toMatch(/^\/media\//);
    await currentSlide(page).waitFor();
    expect(await currentSlide(page).locator('img').first().getAttribute('src')).toBe(backdrop);
    expect(
      requests.filter((path) => path === '/api/user' || path.startsWith('/api/dares?')),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a dare without fetching it', async () => {
    const { items } = (await (await fetch(`${harness.baseUrl}/api/dares`)).json()) as {
      items: Array<{ id: number; title: string }>;
    };
    const dare = items[0]!;
    const page = await harness.newPage();
    const requests = apiRequests(page);
    await page.goto(`/dares/${dare.id}`);
    await page.getByRole('heading', { name: dare.title, level: 2 }).waitFor();
    expect(requests).not.toContain(`/api/dares/${dare.id}`);
    expect(requests).not.toContain('/api/user');
  });

  it('shows the own profile without fetching who is signed in, its dares or waiting payouts', async () => {
    const page = await signedInNewUser();
    const requests = apiRequests(page);
    const errors = consoleErrors(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'No dares yet' }).waitFor();
    expect(
      requests.filter(
        (path) =>
          path === '/api/user' ||
          path.startsWith('/api/dares/user/') ||
          path === '/api/payouts/waiting' ||
          path === '/api/stripe/connect-status',
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("keeps the first slide's poster behind the splash from the HTML to the feed on /discover", async () => {
    const page = await harness.newPage();
    // Every splash the page shows (the HTML's, then React's): whether it holds the poster.
    await page.addInitScript(() => {
      const seen: Array<string | null> = [];
      (window as unknown as { splashes: typeof seen }).splashes = seen;
      const record = () => {
        const splash = document.querySelector('#root > [role="status"]');
        if (splash && !splash.hasAttribute('data-seen')) {
          splash.setAttribute('data-seen', '');
          seen.push(splash.querySelector('img')?.getAttribute('src') ?? null);
        }
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/discover');
    await currentSlide(page).waitFor();
    const splashes = await page.evaluate(
      () => (window as unknown as { splashes: Array<string | null> }).splashes,
    );
    const poster = await currentSlide(page).locator('img').first().getAttribute('src');
    expect(poster).toMatch(/^\/media\//);
    expect(splashes.length).toBeGreaterThanOrEqual(2);
    expect(splashes.every((src) => src === poster)).toBe(true);
  });

  it('does not read again what the page brought as the screen opens', async () => {
    // These screens read their data afresh each time they open; the page's copy was read
    // for it a moment ago, so the first opening uses it (web/lib/page-data.ts).
    const page = await signedInNewUser();
    const requests = apiRequests(page);
    await page.goto('/achievements');
    await page.getByRole('tablist', { name: 'Achievement categories' }).waitFor();
    await page.goto('/dare-requests');
    await page.getByRole('tablist').first().waitFor();
    await page.waitForTimeout(1500);
    expect(
      requests.filter((path) => /^\/api\/(achievements|users\/\d+\/stats)/.test(path)),
    ).toEqual([]);
    expect(requests.filter((path) => path.startsWith('/api/dare-requests'))).toEqual([]);
    requests.length = 0;
    await page.goto('/inbox');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.waitForTimeout(1500);
    expect(requests.filter((path) => path === '/api/conversations').length).toBeLessThanOrEqual(1);
  });

  it('goes from the splash straight to the screen, never through the loading placeholder', async () => {
    // The screen's code comes with the page (modulepreload) and is loaded while the splash
    // shows: the screen renders at once, not after a Suspense fallback that React keeps up
    // for 300 ms (retryable-lazy.tsx).
    for (const [path, heading] of [
      ['/achievements', 'Achievement Dashboard'],
      ['/trending', 'Trending'],
    ] as const) {
      const page = await harness.newPage();
      await page.addInitScript(() => {
        const seen = { placeholder: false };
        (window as unknown as { seen: typeof seen }).seen = seen;
        new MutationObserver(() => {
          if (document.querySelector('[role="status"][aria-label="Loading"]')) {
            seen.placeholder = true;
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('navigation').first().waitFor();
      const seen = await page.evaluate(
        () => (window as unknown as { seen: { placeholder: boolean } }).seen,
      );
      expect(seen.placeholder, path).toBe(false);
      await page.close();
    }
  });

  it('puts the splash in the HTML, so it paints before the scripts run', async () => {
    const html = await (await fetch(`${harness.baseUrl}/trending`)).text();
    expect(html).toMatch(/<div id="root"><div role="status"[^>]*>.*Loading\.\.\./s);
  });
});
