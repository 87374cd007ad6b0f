import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '@/server/lib/project-root';
import { logIn, toastRegion, toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;
// biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, as seen
const shown = (locator: Locator) => locator.innerText();
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

async function account(displayName: string) {
  const user = { ...uniqueUser('requests'), displayName };
  const { id } = await registerViaApi(harness.baseUrl, user);
  return { ...user, id };
}

/** Sends a request straight through the API, as `from`. */
async function sendViaApi(from: { email: string; password: string }, body: object) {
  const login = await fetch(`${harness.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: from.email, password: from.password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const response = await fetch(`${harness.baseUrl}/api/dare-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: harness.baseUrl },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

describe('dare requests', () => {
  it('sends people who are not logged in to log in', async () => {
    const page = await harness.newPage();
    await page.goto('/dare-requests');
    await page.getByText('Authentication Required').waitFor();
    await page.getByText('Redirecting to login...').waitFor();
    await harness.screenshot(page, 'dare-requests-0-logged-out');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/dare-requests');
  });

  it('A challenges B from the standalone page; B accepts and the dare is on B’s profile, sponsored', async () => {
    const ada = await account('Ada Sender');
    const ben = await account('Ben Taker');

    // A: the form preset to B, so no email field.
    const a = await harness.newPage();
    await logIn(a, ada, `/send-dare-request?recipientId=${ben.id}`);
    await a.getByRole('heading', { name: 'Challenge Someone', level: 1 }).waitFor();
    await a.getByText('Ben Taker').waitFor();
    expect(await a.getByLabel('Recipient email').count()).toBe(0);
    expect(await a.getByLabel('Target amount ($)').inputValue()).toBe('5');
    expect(await a.getByLabel('Category').inputValue()).toBe('Social');
    expect(await a.getByLabel('Content rating').inputValue()).toBe('G');
    await harness.screenshot(a, 'dare-requests-1-form-preset');

    // The spec's checks, as toasts.
    const send = a.getByRole('button', { name: 'Send Dare Request' });
    await send.click();
    await toastText(a, 'Missing information').waitFor();
    await toastText(a, 'Please provide a title for the dare').waitFor();
    await a.getByLabel('Dare title').fill('Juggle three oranges');
    await a.getByLabel('Target amount ($)').fill('0');
    await send.click();
    await toastText(a, 'Invalid amount').waitFor();
    await toastText(a, 'Target amount must be greater than zero').waitFor();

    await a
      .getByLabel('Description')
      .fill('For a whole minute, in the park, without dropping one.');
    await a.getByLabel('Target amount ($)').fill('12');
    await a.getByLabel('Category').selectOption('Food');
    await a.getByLabel('Cover image').setInputFiles(fromRoot('assets/demo/100-pushups.jpg'));
    await a.getByRole('img', { name: 'Cover preview' }).waitFor();
    await harness.screenshot(a, 'dare-requests-2-form-filled');
    await send.click();
    await toastText(a, 'Dare request sent').waitFor();
    await a.waitForURL((url) => url.pathname === '/dare-requests');
    const sentCard = a.getByRole('article', { name: 'Juggle three oranges' });
    await sentCard.waitFor();
    expect(await shown(sentCard)).toMatch(/Pending[\s\S]*To Ben Taker[\s\S]*Target: \$12/);
    expect(await shown(sentCard)).toMatch(/Sent just now · Expires in 7 days/);
    await harness.screenshot(a, 'dare-requests-3-sent-tab');

    // B: Received, Accept.
    const b = await harness.newPage();
    await logIn(b, ben, '/dare-requests');
    const card = b.getByRole('article', { name: 'Juggle three oranges' });
    await card.waitFor();
    expect(await shown(card)).toContain('From Ada Sender');
    expect(await shown(card)).toContain('For a whole minute');
    await harness.screenshot(b, 'dare-requests-4-received-tab');
    await card.getByRole('button', { name: 'Accept' }).click();
    await toastText(b, 'Dare request accepted').waitFor();
    await toastText(b, 'The dare is now on your profile!').waitFor();
    const pitch = b.getByRole('dialog', { name: 'Record your pitch' });
    await pitch.getByText('Choose a video file').waitFor();
    await b.waitForTimeout(500); // the sheet's slide-up
    await harness.screenshot(b, 'dare-requests-5-accepted-pitch-offer');
    // Behind the sheet (hidden from the accessibility tree while it is open) the card changed.
    expect(await shown(b.locator('article', { hasText: 'Juggle three oranges' }))).toContain(
      'Accepted',
    );

    // The pitch through the create form's file picker; the dare detail shows it.
    await pitch
      .locator('input[type="file"][accept="video/*"]')
      .setInputFiles(fromRoot('assets/demo/100-pushups.mp4'));
    await pitch.getByText('Pitch video uploaded').waitFor({ timeout: 30_000 });
    await harness.screenshot(b, 'dare-requests-6-pitch-chosen');
    await pitch.getByRole('button', { name: 'Add pitch video' }).click();
    await toastText(b, 'Pitch video added').waitFor();
    await b.waitForURL((url) => /^\/dares\/\d+$/.test(url.pathname));
    await b.getByText('Sponsored by: Ada Sender for $12').waitFor();
    await harness.screenshot(b, 'dare-requests-7-dare-detail-sponsored');
    const dareId = Number(new URL(b.url()).pathname.split('/').pop());

    await b.goto('/profile');
    await b.getByText('Juggle three oranges').first().waitFor();
    await harness.screenshot(b, 'dare-requests-8-profile');

    // The dare with its pitch is in the feed, with the sponsor line.
    const feed = await (await fetch(`${harness.baseUrl}/api/dares?limit=50`)).json();
    const inFeed = feed.items.find((d: { id: number }) => d.id === dareId);
    expect(inFeed).toMatchObject({ sponsor: { displayName: 'Ada Sender' }, targetAmount: 12 });

    // A's Sent card offers to pledge on it.
    await a.reload();
    await a
      .getByRole('article', { name: 'Juggle three oranges' })
      .getByRole('link', { name: 'Pledge' })
      .waitFor();
  });

  it('a double-tapped Accept is a success, not a failure (issue 19 item 12)', async () => {
    const ada = await account('Ada Twice');
    const dan = await account('Dan Doubletap');
    await sendViaApi(ada, {
      recipientEmail: dan.email,
      dareTitle: 'Hop on one leg',
      targetAmount: 4,
    });
    const d = await harness.newPage();
    await logIn(d, dan, '/dare-requests');
    const accept = d
      .getByRole('article', { name: 'Hop on one leg' })
      .getByRole('button', { name: 'Accept' });
    await accept.waitFor();
    // Two taps before the screen re-renders: both requests reach the server.
    await accept.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await toastText(d, 'Dare request accepted').waitFor();
    await d.getByRole('dialog', { name: 'Record your pitch' }).waitFor();
    expect(await toastText(d, 'Failed to accept dare request').count()).toBe(0);
    await harness.screenshot(d, 'dare-requests-12-double-accept');
  });

  it('declines, and shows the empty texts', async () => {
    const ada = await account('Ada Again');
    const cleo = await account('Cleo Decliner');
    await sendViaApi(ada, {
      recipientEmail: cleo.email,
      dareTitle: 'Sing loudly',
      targetAmount: 3,
    });
    // The sender sees the address it went to, never whose account it is (issue 19).
    const a = await harness.newPage();
    await logIn(a, ada, '/dare-requests');
    await a.getByRole('tab', { name: 'Sent' }).click();
    const sent = a.getByRole('article', { name: 'Sing loudly' });
    expect(await shown(sent)).toContain(`To ${cleo.email}`);
    expect(await shown(sent)).not.toContain('Cleo Decliner');
    await harness.screenshot(a, 'dare-requests-8b-sent-to-an-email');

    const c = await harness.newPage();
    await logIn(c, cleo, '/dare-requests');
    const card = c.getByRole('article', { name: 'Sing loudly' });
    await card.getByRole('button', { name: 'Decline' }).click();
    await toastText(c, 'Dare request declined').waitFor();
    await card.getByText('Declined').waitFor();
    // The toast sits over the tabs, and a pointer over it pauses its timer (Radix): a person
    // dismisses it to reach the tab, and so does the test.
    await toastRegion(c).getByRole('button', { name: 'Dismiss notification' }).click();
    await toastText(c, 'Dare request declined').waitFor({ state: 'detached' });
    await c.getByRole('tab', { name: 'Sent' }).click();
    await c.getByText('No requests sent').waitFor();
    await c.getByText("You haven't sent any dare requests yet.").waitFor();
    await harness.screenshot(c, 'dare-requests-9-sent-empty');

    const fresh = await account('Fresh Person');
    const f = await harness.newPage();
    await logIn(f, fresh, '/dare-requests');
    await f.getByText('No requests received').waitFor();
    await f.getByText('When someone sends you a dare request, it will appear here.').waitFor();
    await f.getByRole('link', { name: 'Return to Feed' }).waitFor();
    await harness.screenshot(f, 'dare-requests-10-received-empty');

    // Without a preset recipient the email is asked for.
    await f.goto('/send-dare-request');
    await f.getByLabel('Dare title').fill('Run a mile');
    await f.getByRole('button', { name: 'Send Dare Request' }).click();
    await toastText(f, 'Missing recipient').waitFor();
    await toastText(f, 'Please provide a recipient email address').waitFor();
    await harness.screenshot(f, 'dare-requests-11-form-email');
  });
});
