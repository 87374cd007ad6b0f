import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSlide, logIn, slidePosition, toastText, waitForPosition } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

describe('feed', () => {
  it('shows the seeded dares and moves with the keyboard, wrapping round', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await currentSlide(page).waitFor();
    await page.getByRole('heading', { name: 'Feed' }).waitFor();
    await page.getByRole('tab', { name: 'Active', selected: true }).waitFor();
    const first = await slidePosition(page);
    expect(first.at).toBe(1);
    expect(first.of).toBeGreaterThan(2);
    // Only the visible dare plays; the next one is buffered; at most three are mounted.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('video')].some((video) => !video.paused),
    );
    expect(await page.locator('article[aria-roledescription="slide"]').count()).toBeLessThanOrEqual(
      3,
    );
    await currentSlide(page)
      .getByText(/^\$[\d,.]+ pledged$/)
      .waitFor();
    await currentSlide(page)
      .getByText(/^Expires: in /)
      .waitFor();
    await harness.screenshot(page, 'feed');

    await page.keyboard.press('ArrowDown');
    await waitForPosition(page, 2);
    await page.keyboard.press('j');
    await waitForPosition(page, 3);
    await page.keyboard.press('ArrowUp');
    await waitForPosition(page, 2);
    await page.keyboard.press('k');
    await waitForPosition(page, 1);
    // First → last.
    await page.keyboard.press('ArrowUp');
    await waitForPosition(page, first.of);
    // Last → first.
    await page.keyboard.press('ArrowDown');
    await waitForPosition(page, 1);
    expect((await slidePosition(page)).title).toBe(first.title);
  });

  it('moves one dare per wheel gesture, and follows a drag', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await currentSlide(page).waitFor();
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 120);
    await page.mouse.wheel(0, 120); // inside the 700 ms lockout: ignored
    await waitForPosition(page, 2);
    await page.waitForTimeout(400);
    expect((await slidePosition(page)).at).toBe(2);
    await page.waitForTimeout(500);
    await page.mouse.wheel(0, -120);
    await waitForPosition(page, 1);

    // A slow drag over a fifth of the screen goes to the next dare.
    await page.mouse.move(180, 600);
    await page.mouse.down();
    await page.mouse.move(180, 500, { steps: 8 });
    await page.mouse.move(180, 380, { steps: 8 });
    await harness.screenshot(page, 'feed-swipe');
    await page.mouse.up();
    await waitForPosition(page, 2);
    // A short drag springs back.
    await page.mouse.move(180, 500);
    await page.mouse.down();
    await page.mouse.move(180, 470, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(400);
    expect((await slidePosition(page)).at).toBe(2);
  });

  it('remembers mute for every video', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await currentSlide(page).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('audioMuted'))).toBeNull();
    await currentSlide(page)
      .getByRole('button', { name: /^Mute / })
      .click();
    expect(await page.evaluate(() => localStorage.getItem('audioMuted'))).toBe('true');
    await page.reload();
    await currentSlide(page)
      .getByRole('button', { name: /^Turn on sound for / })
      .waitFor();
    const allMuted = await page.$$eval('video', (videos) => videos.every((video) => video.muted));
    expect(allMuted).toBe(true);
    await currentSlide(page)
      .getByRole('button', { name: /^Turn on sound for / })
      .click();
    expect(await page.evaluate(() => localStorage.getItem('audioMuted'))).toBe('false');
  });

  it('sends a visitor to log in before liking', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await currentSlide(page).getByRole('button', { name: /^Like/ }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/');
    await toastText(page, 'Login required').waitFor();
  });

  it('likes a dare and keeps the like after a reload', async () => {
    const user = uniqueUser('like');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user);
    const like = currentSlide(page).getByRole('button', { name: /^(Like|Unlike)/ });
    const before = Number(await like.locator('span.tabular-nums').textContent());
    await like.click();
    await currentSlide(page)
      .getByRole('button', { name: `Unlike ${before + 1}` })
      .waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await currentSlide(page)
      .getByRole('button', { name: `Unlike ${before + 1}` })
      .waitFor();
  });

  it('posts a comment that counts and stays', async () => {
    const user = uniqueUser('comment');
    await registerViaApi(harness.baseUrl, { ...user, displayName: 'Cara Comment' });
    const page = await harness.newPage();
    await logIn(page, user);
    const button = currentSlide(page).getByRole('button', { name: /^Comments/ });
    const before = Number(await button.locator('span.tabular-nums').textContent());
    await button.click();
    const sheet = page.getByRole('dialog', { name: /^Comments/ });
    await sheet.waitFor();
    const post = sheet.getByRole('button', { name: 'Post comment' });
    await sheet.getByLabel('Add a comment').fill('   ');
    expect(await post.isDisabled()).toBe(true);
    await sheet.getByLabel('Add a comment').fill('  I would pay to see this  ');
    await post.click();
    await sheet.getByText('I would pay to see this', { exact: true }).waitFor();
    await page.getByRole('dialog', { name: `Comments (${before + 1})` }).waitFor();
    await harness.screenshot(page, 'feed-comments');
    await page.keyboard.press('Escape');
    await currentSlide(page)
      .getByRole('button', { name: `Comments ${before + 1}` })
      .waitFor();

    await page.reload();
    await currentSlide(page)
      .getByRole('button', { name: `Comments ${before + 1}` })
      .click();
    await page
      .getByRole('dialog', { name: /^Comments/ })
      .getByText('I would pay to see this', { exact: true })
      .waitFor();
  });

  it('shares a dare by copying its link', async () => {
    const page = await harness.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/');
    const id = await currentSlide(page).getAttribute('data-dare-id');
    await currentSlide(page).getByRole('button', { name: 'Share' }).click();
    await toastText(page, 'Link copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${harness.baseUrl}/dares/${id}`);
  });

  it('opens a dare from the feed', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    const { title } = await slidePosition(page);
    await currentSlide(page).getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dares/'));
    await page.getByRole('heading', { name: title }).waitFor();
  });

  it('shows no time left on finished dares in Watch Dare (spec: hidden when completed or failed)', async () => {
    const page = await harness.newPage();
    await page.goto('/?tab=watch');
    await page.getByRole('tab', { name: 'Watch Dare', selected: true }).waitFor();
    const slide = currentSlide(page);
    await slide.getByText(/^\$[\d,.]+ pledged$/).waitFor();
    const { of } = await slidePosition(page);
    for (let at = 1; at <= of; at++) {
      await waitForPosition(page, at);
      const info = await currentSlide(page).textContent();
      expect(info, `Watch Dare slide ${at} of ${of}`).not.toMatch(/Expires:|Ended:/);
      if (at < of) await page.keyboard.press('ArrowDown');
    }
    await harness.screenshot(page, 'feed-watch-dare');
  });

  it('shows the hint on wide screens', async () => {
    const page = await harness.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    await page.getByText('Use arrow keys or mouse wheel to navigate').waitFor();
  });
});
