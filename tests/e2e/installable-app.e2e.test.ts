import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DarePage } from '@/contracts/dares';
import { darePosterUrl } from '@/domain/dare-poster';
import { MEDIA_CACHE } from '@/web/sw/cache-names';
import { axeViolations } from './a11y-helpers';
import { consoleErrors } from './console-helpers';
import { copyOfBuild, type DeployCopy } from './deploy-copy';
import { currentSlide, newcomerPage } from './feed-helpers';
import { CHROMIUM_PATH, type Harness, startHarness, VIEWPORT } from './harness';

// Issue 22 item 4: the installable app. A valid manifest with installable icons, a service
// worker that controls the page, an offline reload that shows the shell, 'You're offline'
// and the last feed page seen, and a new deploy announced with Reload (decision 0052).
// The server serves a copy of the build, so the last test can deploy a new worker.
let harness: Harness;
let deploy: DeployCopy;

beforeAll(async () => {
  deploy = await copyOfBuild();
  harness = await startHarness({ seedDemo: true, projectRoot: deploy.root });
});

afterAll(async () => {
  await harness?.stop();
  await deploy?.remove();
});

/** The harness blocks service workers; these pages allow them, as a browser does. */
const installablePage = () => harness.newPage({ serviceWorkers: 'allow' });

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${harness.baseUrl}${path}`, { headers });

/** The width and height of a PNG, read from its IHDR chunk; throws if it is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Waits until the service worker is installed (the build precached) and active, then reloads:
 * the page is then one the worker controls. Returns the controller's script URL.
 */
async function reloadUnderServiceWorker(page: Page): Promise<string | null> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      all[name] = keys.map((request) => new URL(request.url).pathname);
    }
    return all;
  });

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

describe('installable app', () => {
  it('links a valid web app manifest whose icons are real PNGs of their sizes', async () => {
    const html = await (await get('/', { accept: 'text/html' })).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    const themeColor = /<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1];

    const response = await get('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Darefund',
      short_name: 'Darefund',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: themeColor,
      background_color: themeColor,
    });
    expect(manifest.description.length).toBeGreaterThan(0);
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find(
          (candidate) =>
            candidate.sizes === `${size}x${size}` && candidate.purpose.split(' ').includes(purpose),
        );
        expect(icon, `${size} px ${purpose}`).toBeDefined();
        const file = await get(icon!.src);
        expect(file.status, icon!.src).toBe(200);
        expect(file.headers.get('content-type'), icon!.src).toBe('image/png');
        expect(pngSize(Buffer.from(await file.arrayBuffer())), icon!.src).toEqual({
          width: size,
          height: size,
        });
      }
    }
    const touchIcon = await get('/icons/apple-touch-icon.png');
    expect(pngSize(Buffer.from(await touchIcon.arrayBuffer()))).toEqual({
      width: 180,
      height: 180,
    });

    // Chromium's own reading of it: no errors, and nothing that stops installing the app. In
    // a browser profile kept on disk: Chromium installs nothing from an incognito one, which
    // every other context of the harness is.
    const profile = await mkdtemp(join(tmpdir(), 'darefund-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu'],
      viewport: VIEWPORT,
      baseURL: harness.baseUrl,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await reloadUnderServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const read = (await cdp.send('Page.getAppManifest', {})) as {
        url: string;
        errors: Array<{ message: string }>;
      };
      expect(read.url).toBe(`${harness.baseUrl}/manifest.webmanifest`);
      expect(read.errors).toEqual([]);
      const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installability.installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('serves the service worker uncached, and lets only our own workers and manifest in', async () => {
    const worker = await get('/service-worker.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('controls the page after a reload; precaches the build, not its compressed twins or any API answer', async () => {
    const page = await installablePage();
    await page.goto('/');
    await currentSlide(page).waitFor();
    expect(await reloadUnderServiceWorker(page)).toBe(`${harness.baseUrl}/service-worker.js`);
    await currentSlide(page).waitFor();

    const caches = await cachedUrls(page);
    const precache = Object.entries(caches).find(([name]) => name.includes('precache'))?.[1];
    expect(precache).toContain('/index.html');
    expect(precache).toContain('/manifest.webmanifest');
    expect(precache?.filter((path) => /^\/assets\/index-[^/]+\.js$/.test(path))).toHaveLength(1);
    expect(precache?.filter((path) => /\.(br|gz|map)$/.test(path))).toEqual([]);
    const everything = Object.values(caches).flat();
    expect(everything.filter((path) => path.startsWith('/api/'))).toEqual([]);
    // The page on screen is the server's, with its first screen, not the precached shell.
    expect(await page.locator('#initial-data').count()).toBe(1);
  });

  it("offline, a reload shows the shell, 'You're offline' and the last feed page with its posters", async () => {
    const page = await installablePage();
    await page.goto('/');
    await reloadUnderServiceWorker(page);
    await currentSlide(page).waitFor();
    // The feed's first page, as the page got it (tab Active, anonymous).
    const { items } = (await (await get('/api/dares?tab=active')).json()) as DarePage;
    const first = items[0]!;
    const poster = darePosterUrl(first)!;
    // The poster on screen went through the worker into its image cache.
    await expect.poll(async () => (await cachedUrls(page))[MEDIA_CACHE] ?? []).toContain(poster);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    await page.getByRole('alert').filter({ hasText: "You're offline" }).waitFor();
    const kept = page.getByRole('list', { name: 'Dares you saw last' });
    await kept.getByText(first.title).waitFor();
    expect(await kept.getByRole('listitem').count()).toBe(items.length);
    const firstPoster = kept.getByRole('listitem').first().locator('img');
    expect(await firstPoster.getAttribute('src')).toBe(poster);
    await expect
      .poll(() => firstPoster.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await harness.screenshot(page, 'installable-app-1-offline');
    expect(await axeViolations(page)).toEqual([]);

    // Back online, the real feed replaces it by itself.
    await page.context().setOffline(false);
    await currentSlide(page).waitFor();
    expect(await kept.count()).toBe(0);
  });

  it("keeps no one's likes in the offline copy, and forgets it when the session ends", async () => {
    const page = await newcomerPage(harness, 'kept-feed');
    const like = currentSlide(page).getByRole('button', { name: 'Like' });
    await like.click();
    await currentSlide(page).getByRole('button', { name: 'Unlike' }).waitFor();
    const keptCopy = () =>
      page.evaluate(() => {
        const raw = localStorage.getItem('darefund:offline:feed:active');
        return raw ? (JSON.parse(raw) as Array<{ isLiked: boolean }>) : null;
      });
    await expect.poll(async () => (await keptCopy())?.length ?? 0).toBeGreaterThan(0);
    expect((await keptCopy())?.some((dare) => dare.isLiked)).toBe(false);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(await keptCopy()).toBeNull();
  });

  it("a new deploy shows 'A new version is available'; Reload loads it, once", async () => {
    const page = await installablePage();
    const errors = consoleErrors(page);
    await page.goto('/');
    await reloadUnderServiceWorker(page);
    await currentSlide(page).waitFor();

    await deploy.deployNewServiceWorker('2');
    // A visit checks for a new worker; it installs beside the running one and waits.
    await page.reload();
    const banner = page.getByRole('region', { name: 'App update' });
    const announced = banner.getByRole('status').filter({ hasText: 'A new version is available' });
    await announced.waitFor();
    await harness.screenshot(page, 'installable-app-2-update');
    expect(await axeViolations(page)).toEqual([]);

    // Dismissed, the new version still waits, and the next visit offers it again.
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    expect(await banner.count()).toBe(0);
    await page.reload();
    await announced.waitFor();
    // (The feed first: the app taking the focus as it mounts would take it from Reload.)
    await currentSlide(page).waitFor();

    // Reachable from the keyboard: Shift+Tab from the top of the page wraps to its buttons.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Dismiss',
    );
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reload');

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.keyboard.press('Enter');
    await expect.poll(() => loads).toBe(1);
    await currentSlide(page).waitFor();
    // The new worker controls the page and nothing waits any more.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controlled: navigator.serviceWorker.controller !== null,
        waiting: registration?.waiting ?? null,
      };
    });
    expect(state).toEqual({ controlled: true, waiting: null });
    // The active worker is the new deploy's (the old one is gone or redundant).
    const workers = await Promise.all(
      page
        .context()
        .serviceWorkers()
        .map((worker) =>
          worker.evaluate(() => {
            const scope = self as unknown as {
              __darefundDeploy?: string;
              serviceWorker?: { state: string };
            };
            return { deploy: scope.__darefundDeploy ?? null, state: scope.serviceWorker?.state };
          }),
        ),
    );
    expect(workers.filter((worker) => worker.state === 'activated')).toEqual([
      { deploy: '2', state: 'activated' },
    ]);
    expect(await banner.count()).toBe(0);
    // Once: no second reload follows.
    await page.waitForTimeout(1000);
    expect(loads).toBe(1);
    expect(errors).toEqual([]);
  });
});
