import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, toastText } from './feed-helpers';
import { type Harness, startHarness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

interface DareSummary {
  id: number;
  title: string;
  status: string;
  pledgeCount: number;
}

async function firstDare(status: string): Promise<DareSummary> {
  const response = await fetch(`${harness.baseUrl}/api/dares?limit=50`);
  const page = (await response.json()) as { items: DareSummary[] };
  const dare = page.items.find((item) => item.status === status && item.pledgeCount > 0);
  if (!dare) throw new Error(`No seeded ${status} dare with pledges`);
  return dare;
}

describe('dare detail', () => {
  it('shows the dare, its money, its pledgers and the pitch', async () => {
    const dare = await firstDare('active');
    const page = await harness.newPage();
    await page.goto(`/dares/${dare.id}`);
    await page.getByRole('heading', { name: dare.title }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('progressbar', { name: 'Funding progress' }).waitFor();
    await page.getByText(/raised of \$[\d,.]+ goal/).waitFor();
    await page.getByText(/\d+ (day|days|hour|hours) left/).waitFor();
    for (const label of ['Category', 'Created', 'Rating']) {
      await page.getByText(label, { exact: true }).waitFor();
    }
    const pledgers = page.getByRole('region', { name: 'Pledgers' }).getByRole('listitem');
    await pledgers.first().waitFor();
    expect(await pledgers.count()).toBe(dare.pledgeCount);
    await harness.screenshot(page, 'dare-detail');

    await page.getByRole('button', { name: 'Watch Pitch' }).click();
    const player = page.getByRole('dialog', { name: `${dare.title}: pitch` });
    await player.locator('video').waitFor();
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });
  });

  it('asks a visitor to log in before pledging', async () => {
    const dare = await firstDare('active');
    const page = await harness.newPage();
    await page.goto(`/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await toastText(page, 'You need to be logged in to pledge').waitFor();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(`/dares/${dare.id}`);
  });

  it('opens the vote dialog in place for a pledger (no detour to the feed)', async () => {
    const dare = await firstDare('verification');
    const page = await harness.newPage();
    await logIn(page, { email: 'maya', password: 'demo1234' }, `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Vote Now' }).click();
    await page.getByRole('dialog', { name: 'Verify Dare Completion' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dares/${dare.id}`);
  });

  it('shares the link from the share dialog', async () => {
    const dare = await firstDare('active');
    const page = await harness.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Share dare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this dare' });
    const link = `${harness.baseUrl}/dares/${dare.id}`;
    expect(await dialog.getByLabel('Dare link').inputValue()).toBe(link);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await toastText(page, 'Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  it('opens the comments panel', async () => {
    const dare = await firstDare('active');
    const page = await harness.newPage();
    await page.goto(`/dares/${dare.id}`);
    await page.getByRole('button', { name: /^Comments/ }).click();
    const sheet = page.getByRole('dialog', { name: /^Comments/ });
    await sheet.getByRole('link', { name: 'Log in to comment' }).waitFor();
  });

  it('says so when the dare does not exist', async () => {
    const page = await harness.newPage();
    await page.goto('/dares/987654');
    await page.getByRole('heading', { name: 'Dare Not Found' }).waitFor();
    await page
      .getByText("The dare you're looking for doesn't exist or has been removed.")
      .waitFor();
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
