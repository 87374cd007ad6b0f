import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCreateDialog } from './create-dare-helpers';
import { newcomerPage, toastText } from './feed-helpers';
import { type Harness, startHarness } from './harness';
import { controlsUnderToast } from './layout-helpers';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

async function seededDare(title: string): Promise<{ id: number; status: string }> {
  const ids = Array.from({ length: 40 }, (_, index) => index + 1);
  for (const id of ids) {
    const response = await fetch(`${harness.baseUrl}/api/dares/${id}`);
    if (!response.ok) continue;
    const dare = (await response.json()) as { id: number; title: string; status: string };
    if (dare.title === title) return dare;
  }
  throw new Error(`No seeded dare "${title}"`);
}

/** A fresh account that pledged to nothing, logged in at `to`. */
const newcomer = (prefix: string, to = '/') => newcomerPage(harness, prefix, to);

/** A portrait JPEG (9:16) drawn by the browser. */
async function portraitJpeg(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 640;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#f97316';
    context.fillRect(0, 0, 360, 640);
    context.fillStyle = '#111827';
    context.fillRect(0, 0, 360, 80);
    context.fillRect(0, 560, 360, 80);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return {
    name: 'portrait.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
  };
}

describe('voting for a newcomer', () => {
  it('says there is nothing to vote on in an empty My Votes tab', async () => {
    const page = await newcomer('votes-empty', '/?tab=votes');
    await page.getByText('Nothing to vote on').waitFor();
    await page
      .getByText('Dares you pledged to appear here when their proof is ready for your vote.')
      .waitFor();
    expect(await page.getByText(/Be the first to create a challenge/).count()).toBe(0);
    await harness.screenshot(page, 'screens-1-votes-empty');
  });

  it('tells a non-pledger on Vote Now that only pledgers vote, and stays', async () => {
    const dare = await seededDare('100 Push-ups');
    const page = await newcomer('not-eligible', `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Vote Now' }).click();
    await toastText(page, 'Not eligible to vote').waitFor();
    await toastText(page, 'Only users who pledged to this dare can vote on submissions.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dares/${dare.id}`);
    const covered = await controlsUnderToast(page);
    await harness.screenshot(page, 'screens-2-not-eligible');
    expect(covered).toEqual([]);
  });
});

describe('dare detail texts and layout', () => {
  it('does not ask for a first pledge on a failed dare', async () => {
    const dare = await seededDare('Backflip Attempt');
    const page = await harness.newPage();
    await page.goto(`/dares/${dare.id}`);
    const pledgers = page.getByRole('region', { name: 'Pledgers' });
    await pledgers.getByText('This dare is closed to pledges.').waitFor();
    await pledgers.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'screens-7-failed-dare-pledgers');
    expect(await page.getByText('Be the first to pledge!').count()).toBe(0);
  });

  it('keeps Watch Completion on one line', async () => {
    const dare = await seededDare('Sing in Public');
    const page = await harness.newPage();
    await page.goto(`/dares/${dare.id}`);
    const button = page.getByRole('button', { name: 'Watch Completion' });
    await button.waitFor();
    await harness.screenshot(page, 'screens-3-watch-completion');
    const lines = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      const content =
        element.clientHeight -
        Number.parseFloat(style.paddingTop) -
        Number.parseFloat(style.paddingBottom);
      return Math.round(content / Number.parseFloat(style.lineHeight));
    });
    expect(lines).toBe(1);
  });

  it('keeps the Comments button inside its column', async () => {
    for (const title of ['Ice Bucket Challenge', '100 Push-ups']) {
      const dare = await seededDare(title);
      const page = await harness.newPage();
      await page.goto(`/dares/${dare.id}`);
      const comments = page.getByRole('button', { name: /^Comments/ });
      await comments.waitFor();
      await comments.scrollIntoViewIfNeeded();
      await harness.screenshot(page, `screens-8-actions-${dare.id}`);
      // The widest count it can show ("1.2K") must fit as well as today's "0".
      const fit = await comments.evaluate((element) => {
        const count = element.lastElementChild;
        if (count) count.textContent = '1.2K';
        return {
          overflow: element.scrollWidth - element.clientWidth,
          pastColumn:
            element.getBoundingClientRect().right -
            (element.parentElement?.getBoundingClientRect().right ?? 0),
        };
      });
      expect(fit.overflow, title).toBeLessThanOrEqual(0);
      expect(fit.pastColumn, title).toBeLessThanOrEqual(0);
    }
  });

  it('says once on the pledge payment page that the card is only authorized', async () => {
    const dare = await seededDare('Ice Bucket Challenge');
    const page = await newcomer('once', `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await page.waitForURL((url) => /^\/pledge\/\d+\/payment$/.test(url.pathname));
    await page.getByRole('button', { name: 'Authorize $10' }).waitFor();
    await harness.screenshot(page, 'screens-4-pledge-payment');
    expect(await page.getByText(/authorized .*charged/).count()).toBe(1);
  });
});

describe('forms', () => {
  it('shows a portrait cover whole in the create preview', async () => {
    const page = await newcomer('portrait');
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('Cover image', { exact: true }).setInputFiles(await portraitJpeg(page));
    const preview = dialog.getByRole('img', { name: 'Cover preview' });
    await preview.waitFor();
    await preview.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'screens-5-portrait-cover');
    const shown = await preview.evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      const natural = image.naturalWidth / image.naturalHeight;
      const box = image.clientWidth / image.clientHeight;
      return getComputedStyle(image).objectFit === 'contain' || Math.abs(natural - box) < 0.02;
    });
    expect(shown).toBe(true);
  });

  it('leaves the payout fields looking empty until something is typed', async () => {
    const page = await newcomer('payout', '/profile');
    await page
      .getByRole('region', { name: 'Payout account' })
      .getByRole('button', { name: 'Set up payouts' })
      .click();
    await page.getByRole('heading', { name: 'Set up payouts' }).waitFor();
    await harness.screenshot(page, 'screens-6-payout-form');
    for (const label of ['Routing number', 'Account number']) {
      const placeholder = (await page.getByLabel(label).getAttribute('placeholder')) ?? '';
      // A placeholder made of digits reads as a value someone already typed.
      expect(placeholder, label).not.toMatch(/^\d+$/);
    }
    await page.getByText('Test value: 110000000').waitFor();
  });
});
