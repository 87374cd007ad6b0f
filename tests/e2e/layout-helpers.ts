import type { Page } from 'playwright-core';

/** Waits until the open toast has finished sliding in, so its box is where it stays. */
export async function settledToast(page: Page) {
  const toast = page.locator('[role="region"][aria-label^="Notifications"] li[data-state="open"]');
  await toast.first().waitFor();
  await toast
    .first()
    .evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished.catch(() => null))),
    );
}

/**
 * The actions a shown toast lies over: buttons (and links drawn as buttons), navigation, tabs
 * and fields a tap could reach (inside the top dialog when one is open, never an inert or
 * hidden slide). Text and cards may sit under a toast for its 5 s; actions may not. A control
 * filling most of the screen (the feed video's tap-for-sound surface) is the background.
 */
export async function controlsUnderToast(page: Page): Promise<string[]> {
  await settledToast(page);
  return page.evaluate(() => {
    const toast = document.querySelector(
      '[role="region"][aria-label^="Notifications"] li[data-state="open"]',
    );
    if (!toast) throw new Error('No toast is shown');
    const box = toast.getBoundingClientRect();
    const dialogs = [...document.querySelectorAll('[role="dialog"][data-state="open"]')];
    const scope = dialogs.at(-1) ?? document.body;
    const controls = scope.querySelectorAll<HTMLElement>(
      'button, nav a[href], a[href][class*="rounded-xl"], a[href][class*="rounded-full"], [role="tab"], input:not([type="hidden"]), select, textarea',
    );
    const covered: string[] = [];
    for (const control of controls) {
      if (toast.contains(control) || control.closest('[inert], [aria-hidden="true"]')) continue;
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.width * rect.height > 0.5 * window.innerWidth * window.innerHeight) continue;
      const overlaps =
        rect.left < box.right &&
        rect.right > box.left &&
        rect.top < box.bottom &&
        rect.bottom > box.top;
      if (overlaps) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
        covered.push(`${control.tagName.toLowerCase()} "${name.slice(0, 40)}"`);
      }
    }
    return covered;
  });
}

/** Every feed video (current, buffered or released) that is playing right now. */
export const playingFeedVideos = (page: Page) =>
  page.$$eval(
    'article[aria-roledescription="slide"] video',
    (videos) => (videos as HTMLVideoElement[]).filter((video) => !video.paused).length,
  );

/** Waits until the dare on screen plays its video. */
export const feedPlays = (page: Page) =>
  page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>(
      'div:not([inert]) > article[aria-roledescription="slide"] video',
    );
    return video !== null && !video.paused && video.currentTime > 0;
  });
