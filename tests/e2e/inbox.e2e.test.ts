import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from './feed-helpers';
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
  const user = { ...uniqueUser('inbox'), displayName };
  const { id } = await registerViaApi(harness.baseUrl, user);
  return { ...user, id };
}

/** Long enough for the spec's polls (5 s conversations, 3 s messages) plus a render. */
const LIVE = { timeout: 8000 };

describe('inbox', () => {
  it('two people chat and each sees the other’s messages appear without reloading', async () => {
    const ada = await account('Ada Writer');
    const ben = await account('Ben Reader');

    const a = await harness.newPage();
    await logIn(a, ada, '/inbox');
    await a.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await a.getByRole('tab', { name: 'All Messages' }).waitFor();
    await a.getByText('No messages yet').waitFor();
    await harness.screenshot(a, 'inbox-1-empty');

    // The new-conversation dialog: search and choose Ben.
    await a.getByRole('button', { name: 'New message', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'New Message' });
    await dialog.getByLabel('Search people').fill('Ben Rea');
    const benRow = dialog.getByRole('button', { name: /Ben Reader/ });
    await benRow.waitFor();
    expect(await dialog.getByRole('button', { name: /Ada Writer/ }).count()).toBe(0);
    await harness.screenshot(a, 'inbox-2-dialog');
    await benRow.click();
    await a.waitForURL((url) => /^\/inbox\/\d+$/.test(url.pathname));
    const conversationPath = new URL(a.url()).pathname;
    await a.getByRole('heading', { name: 'Ben Reader', level: 1 }).waitFor();

    // Enter sends; Shift+Enter is a new line; a blank message is not sent.
    const box = a.getByLabel('Message', { exact: true });
    await box.fill('   ');
    await box.press('Enter');
    await box.fill('Hi Ben!');
    await box.press('Shift+Enter');
    await box.pressSequentially('Up for a dare?');
    await box.press('Enter');
    const messages = a.getByRole('list', { name: 'Messages' });
    await messages.getByText('Up for a dare?').waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await messages.locator('li').count()).toBe(1);

    // Ben, elsewhere in the app: the Inbox tab shows the unread message.
    const b = await harness.newPage();
    await logIn(b, ben, '/profile');
    const badge = b.getByTestId('inbox-badge');
    await badge.waitFor(LIVE);
    expect(await shown(badge)).toBe('1');
    await b.getByRole('link', { name: /Inbox/ }).click();
    const row = b.getByRole('link', { name: 'Ada Writer, 1 unread' });
    await row.waitFor();
    await b.getByRole('tab', { name: /Unread/ }).click();
    await b.getByRole('link', { name: 'Ada Writer, 1 unread' }).waitFor();
    await b.getByRole('tab', { name: 'All Messages' }).click();
    await harness.screenshot(b, 'inbox-3-list');
    await b.getByRole('link', { name: 'Ada Writer, 1 unread' }).click();
    expect(new URL(b.url()).pathname).toBe(conversationPath);
    const bMessages = b.getByRole('list', { name: 'Messages' });
    expect(await shown(bMessages.locator('li').first())).toContain('Hi Ben!\nUp for a dare?');
    // Opened: read, so the badge goes.
    await badge.waitFor({ state: 'detached', ...LIVE });

    // Ben replies; Ada sees it appear without reloading, and the other way round.
    await b.getByLabel('Message', { exact: true }).fill('Always. What is it?');
    const replied = Date.now();
    await b.getByRole('button', { name: 'Send message' }).click();
    await messages.getByText('Always. What is it?').waitFor(LIVE);
    // Through the live stream, well before the 3 s poll would have fetched it.
    expect(Date.now() - replied).toBeLessThan(2500);
    await box.fill('Juggle in the park');
    await box.press('Enter');
    await bMessages.getByText('Juggle in the park').waitFor(LIVE);
    expect(await bMessages.locator('li[data-own]').count()).toBe(1);
    expect(await bMessages.locator('li:not([data-own])').count()).toBe(2);
    await harness.screenshot(b, 'inbox-4-chat');
  });

  it('a message that fails to send keeps its text and goes with Retry', async () => {
    const cy = await account('Cy Sender');
    const di = await account('Di Other');
    const page = await harness.newPage();
    await logIn(page, cy, '/inbox');
    await page.getByRole('button', { name: 'New message', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Search people').fill('Di Other');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Di Other/ })
      .click();
    await page.waitForURL((url) => /^\/inbox\/\d+$/.test(url.pathname));

    await page.route('**/api/conversations/*/messages', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    const box = page.getByLabel('Message', { exact: true });
    await box.fill('Do not lose me');
    await box.press('Enter');
    const failed = page.locator('li[data-status="failed"]');
    await failed.getByText('Do not lose me').waitFor();
    await failed.getByText('Not sent. Check your connection.').waitFor();
    await failed.getByRole('button', { name: 'Retry' }).waitFor();
    await harness.screenshot(page, 'inbox-5-failed');

    await page.unroute('**/api/conversations/*/messages');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.locator('li[data-status="sent"]').getByText('Do not lose me').waitFor();
    expect(await page.locator('li[data-status="failed"]').count()).toBe(0);
    expect(di.id).toBeGreaterThan(0);
  });

  it('without the live stream the spec’s polling still brings new messages', async () => {
    const fay = await account('Fay Poller');
    const gus = await account('Gus Sender');
    const page = await harness.newPage();
    // The stream is refused, as behind a proxy that drops it.
    await page.route('**/api/events', (route) => route.abort('connectionrefused'));
    await logIn(page, fay, '/inbox');
    await page.getByText('No messages yet').waitFor();
    const login = await fetch(`${harness.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: gus.email, password: gus.password }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const post = (path: string, body: object) =>
      fetch(`${harness.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: harness.baseUrl },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ id: number }>);
    const { id } = await post('/api/conversations', { participants: [fay.id] });
    await post(`/api/conversations/${id}/messages`, { content: 'Polled hello' });
    // The 5 s conversation poll shows it in the list.
    await page.getByRole('link', { name: 'Gus Sender, 1 unread' }).waitFor(LIVE);
    await page.getByRole('link', { name: 'Gus Sender, 1 unread' }).click();
    await page.getByText('Polled hello').waitFor();
    await post(`/api/conversations/${id}/messages`, { content: 'Second, by the 3 s poll' });
    await page.getByText('Second, by the 3 s poll').waitFor(LIVE);
  });

  it('a conversation that is not yours is not found', async () => {
    const eve = await account('Eve Outsider');
    const page = await harness.newPage();
    await logIn(page, eve, '/inbox/1');
    await page.getByText('Conversation not found').waitFor();
  });
});
