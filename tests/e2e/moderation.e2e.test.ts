import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import { logIn, newcomerPage, toastRegion } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { DEMO_MODERATOR, reportViaApi } from './moderation-helpers';
import { openDares, pledgeFromPage } from './pledge-helpers';
import { apiUser } from './proof-helpers';

/**
 * Issue 21 item 3 and 4, end to end: a reported dare in the moderator's queue at /moderation,
 * removed there with a reason; its pledger is told and finds the pledge released; the audit
 * log shows the decision. Everyone but a moderator finds no such page.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

const NOT_FOUND = '404 Page Not Found';
const REASON = 'Rule 2: a stunt that can kill. Not allowed on Darefund.';

describe('moderation', () => {
  it('is a not-found page for anyone but a moderator, and not in their menu', async () => {
    const visitor = await harness.newPage();
    await visitor.goto('/moderation');
    await visitor.getByRole('heading', { name: NOT_FOUND }).waitFor();

    const user = await newcomerPage(harness, 'notmod', '/moderation');
    await user.getByRole('heading', { name: NOT_FOUND }).waitFor();
    await harness.screenshot(user, 'moderation-0-not-found');
    await user.goto('/moderation/log');
    await user.getByRole('heading', { name: NOT_FOUND }).waitFor();
    await user.goto('/profile');
    await user.getByRole('button', { name: 'Profile menu' }).click();
    await user.getByRole('menuitem', { name: 'Security' }).waitFor();
    expect(await user.getByRole('menuitem', { name: 'Moderation' }).count()).toBe(0);
  });

  it('a moderator removes a reported dare; its pledger is told and released', async () => {
    // A pledger backs a dare; someone reports it.
    const pledger = uniqueUser('modpledger');
    await registerViaApi(harness.baseUrl, pledger);
    const pledgerPage = await harness.newPage();
    await logIn(pledgerPage, pledger, '/');
    const dare = (await openDares(harness.baseUrl, 1))[0]!;
    await pledgeFromPage(pledgerPage, dare.id, 20);
    const reporter = await apiUser(harness.baseUrl, 'modreporter');
    await reportViaApi(
      harness.baseUrl,
      reporter,
      { targetType: 'dare', targetId: dare.id },
      'dangerous',
      'Someone will get hurt doing this.',
    );

    // The moderator's way in: the profile menu.
    const mod = await harness.newPage();
    await logIn(mod, DEMO_MODERATOR, '/profile');
    await mod.getByRole('button', { name: 'Profile menu' }).click();
    await mod.getByRole('menuitem', { name: 'Moderation' }).click();
    await mod.waitForURL('**/moderation');

    const open = mod.getByRole('list', { name: 'Open reports' });
    const card = open.getByRole('listitem', { name: dare.title });
    await card.getByText('Dangerous or harmful × 1').waitFor();
    await card.getByText('Someone will get hurt doing this.').waitFor();
    await card.getByRole('link', { name: 'Open the dare' }).waitFor();
    await harness.screenshot(mod, 'moderation-1-queue');

    // A reason is required; nothing is sent without one.
    await card.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = mod.getByRole('dialog', { name: 'Remove this dare?' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.getByText(MODERATION_MESSAGES.reasonRequired).waitFor();
    await dialog.getByLabel('Reason').fill(REASON);
    await harness.screenshot(mod, 'moderation-2-remove-dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, as seen
    await expect.poll(() => toastRegion(mod).innerText()).toContain('Content removed');
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });
    // The toast sits over the tabs until it goes: the moderator closes it, as a person would.
    await toastRegion(mod).getByRole('button', { name: 'Dismiss notification' }).click();

    // Decided: in the Resolved tab, removed; and in the audit log, with its reason.
    await mod.getByRole('tab', { name: 'Resolved' }).click();
    const resolved = mod.getByRole('list', { name: 'Resolved reports' });
    await resolved.getByRole('listitem', { name: dare.title }).getByText('Removed').waitFor();
    await harness.screenshot(mod, 'moderation-3-resolved');
    await mod.getByRole('link', { name: 'Audit log' }).click();
    await mod.waitForURL('**/moderation/log');
    const entry = mod
      .getByRole('list', { name: 'Moderation actions' })
      .getByRole('listitem')
      .filter({ hasText: REASON });
    await entry.getByText(`removed dare #${dare.id}`, { exact: false }).waitFor();
    await harness.screenshot(mod, 'moderation-4-log');

    // The pledger: told why, and the hold released.
    const gone = await fetch(`${harness.baseUrl}/api/dares/${dare.id}`);
    expect(gone.status).toBe(410);
    await pledgerPage.goto('/notifications');
    await pledgerPage.getByText(MODERATION_MESSAGES.pledgerNotice).first().waitFor();
    await harness.screenshot(pledgerPage, 'moderation-5-pledger-notice');
    await pledgerPage.goto('/profile');
    await pledgerPage.getByRole('tab', { name: /Pledged/ }).click();
    await pledgerPage
      .getByRole('list', { name: /pledged/i })
      .getByText('$20 · Released')
      .waitFor();
    await harness.screenshot(pledgerPage, 'moderation-6-pledge-released');
  });
});
