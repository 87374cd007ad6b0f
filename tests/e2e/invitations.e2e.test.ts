import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, openCreateDialog } from './create-dare-helpers';
import { logIn } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { call, logInViaApi } from './proof-helpers';

let harness: Harness;

beforeAll(async () => {
  // No mailer: an emailed challenge's link is shown to its creator to send (issue 19 item 13).
  harness = await startHarness({ development: true, mailer: false });
});

afterAll(async () => {
  await harness?.stop();
});

const TITLE = 'Sing the anthem at the bus stop';

type Dare = { id: number; title: string; takerId: number | null; acceptedBy: number | null };

describe('challenge invitations', () => {
  it('an email challenge is accepted from /dev/mail by a new account, which becomes the taker', async () => {
    // User A creates the challenge for an email address through the create dialog.
    const creator = { ...uniqueUser('inv-creator'), displayName: 'Casey Creator' };
    await registerViaApi(harness.baseUrl, creator);
    const invitedEmail = uniqueUser('inv-friend').email;
    const pageA = await harness.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await logIn(pageA, creator);
    const dialog = await openCreateDialog(pageA);
    await dialog.getByRole('tab', { name: 'Dare Someone Else' }).click();
    await dialog.getByLabel('Who are you daring?').selectOption('email');
    await dialog.getByLabel('Their email').fill(invitedEmail);
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Description').fill('One full verse, loud and proud.');
    await dialog.getByLabel('Target amount').fill('40');
    await dialog.getByLabel('Funding duration').selectOption('7');
    await dialog.getByLabel('Category').selectOption('Physical');
    await dialog.getByText('PG-13', { exact: true }).click();
    await dialog.getByLabel('I accept the terms and conditions').check();
    await dialog.getByLabel(/liability waiver/).check();
    await dialog.getByLabel(/safe and legal/).check();
    await dialog.getByRole('button', { name: 'Create Dare' }).click();
    // This server has no mailer (no SMTP_URL): nothing was emailed, so the creator is given
    // the link to send, as for a phone challenge, and never told it was emailed.
    const invite = pageA.getByRole('dialog', { name: 'Send your invitation' });
    await invite.getByText(`We did not email it. Send this link to ${invitedEmail}.`).waitFor();
    const link = await invite.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${harness.baseUrl}/invite/[A-Za-z0-9_-]{43}$`));
    await animationsDone(invite);
    await harness.screenshot(pageA, 'invitations-0-email-link');
    expect(await pageA.getByText(/We emailed/).count()).toBe(0);
    await invite.getByRole('button', { name: 'Copy' }).click();
    await pageA.getByText('Invitation link copied to clipboard', { exact: true }).waitFor();
    expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await invite.getByRole('button', { name: 'Continue' }).click();
    const pledge = pageA.getByRole('dialog', { name: 'Pledge to this Dare' });
    await pledge.waitFor();
    await pledge.getByRole('button', { name: 'Skip for Now' }).click();
    await pageA.waitForURL((url) => url.pathname === '/profile');

    // Someone else, in a fresh browser, reads the email at /dev/mail and follows its link.
    const pageB = await harness.newPage();
    await pageB.goto('/dev/mail');
    const message = pageB.getByRole('article', { name: `Casey Creator dared you: "${TITLE}"` });
    await message.waitFor();
    await message.getByText(invitedEmail, { exact: true }).waitFor();
    await message.locator('iframe').waitFor();
    await harness.screenshot(pageB, 'invitations-1-dev-mail');
    // The text part's address is a link too; the rendered HTML part's button is the one a
    // reader clicks, and it opens the app in the top window out of the sandboxed frame.
    const textLink = await message.locator('pre a[href*="/invite/"]').getAttribute('href');
    await message
      .frameLocator('iframe')
      .getByRole('link', { name: 'See the dare and accept or decline it' })
      .click();
    await pageB.waitForURL((url) => url.pathname.startsWith('/invite/'));
    const invitePath = new URL(pageB.url()).pathname;
    expect(new URL(textLink!).pathname).toBe(invitePath);
    // The outbox holds the same link the creator was shown.
    expect(new URL(link).pathname).toBe(invitePath);
    await pageB.getByRole('heading', { name: TITLE }).waitFor();
    await pageB.getByText('Casey Creator', { exact: true }).waitFor();
    await pageB.getByText('Sign in or create an account to accept').waitFor();
    await harness.screenshot(pageB, 'invitations-2-invite-logged-out');

    // Registers, comes back to the invitation, accepts.
    await pageB.getByRole('button', { name: 'Sign in or create an account' }).click();
    await pageB.waitForURL((url) => url.pathname === '/auth');
    await pageB.getByRole('tab', { name: 'Register' }).click();
    const invited = { ...uniqueUser('inv-taker'), email: invitedEmail };
    const form = pageB.getByRole('form', { name: 'Register' });
    await form.getByLabel('Email').fill(invited.email);
    await form.getByLabel(/Display name/).fill('Robin Taker');
    await form.getByLabel('Password', { exact: true }).fill(invited.password);
    await form.getByLabel('Confirm password').fill(invited.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await pageB.waitForURL((url) => url.pathname === invitePath);
    // Taking a challenge sent to an address needs the address proven (issue 20): the
    // verification email, read at /dev/mail like the invitation.
    await pageB.goto('/dev/mail');
    const verification = pageB
      .getByRole('article', { name: 'Verify your email address' })
      .filter({ has: pageB.getByText(invitedEmail, { exact: true }) });
    await verification.locator('iframe').waitFor();
    await verification
      .frameLocator('iframe')
      .getByRole('link', { name: 'Verify email address' })
      .click();
    await pageB.getByText('Your email address is verified').waitFor();
    await pageB.goto(invitePath);
    const acceptButton = pageB.getByRole('button', { name: 'Accept challenge' });
    await acceptButton.waitFor();
    await animationsDone(pageB.locator('body'));
    await harness.screenshot(pageB, 'invitations-3-invite-signed-in');
    await acceptButton.click();
    await pageB.waitForURL((url) => /^\/dares\/\d+$/.test(url.pathname));
    await pageB.getByText('Challenge accepted', { exact: true }).waitFor();
    // The dare is theirs to do now (the proof opens once the goal is reached).
    await pageB.getByText('You are taking on this dare').waitFor();
    await harness.screenshot(pageB, 'invitations-4-accepted-dare');

    const dareId = Number(new URL(pageB.url()).pathname.split('/').pop());
    const me = (await pageB.evaluate(() => fetch('/api/user').then((r) => r.json()))) as {
      id: number;
    };
    const dare = (await (await fetch(`${harness.baseUrl}/api/dares/${dareId}`)).json()) as Dare;
    expect(dare).toMatchObject({ title: TITLE, takerId: me.id, acceptedBy: me.id });

    // The link is used now: opening it again says so, with the way home.
    await pageB.goto(invitePath);
    await pageB.getByRole('heading', { name: 'Invitation not available' }).waitFor();
    await pageB.getByText('This invitation is invalid or has expired').waitFor();
    await harness.screenshot(pageB, 'invitations-5-invite-invalid');
    await pageB.getByRole('button', { name: 'Go home' }).click();
    await pageB.waitForURL((url) => url.pathname === '/');
  });

  it('an account at the challenged address is told in the app and accepts it in Dare Requests', async () => {
    const creator = { ...uniqueUser('inv-known-creator'), displayName: 'Casey Creator' };
    await registerViaApi(harness.baseUrl, creator);
    const friend = { ...uniqueUser('inv-known-friend'), displayName: 'Robin Friend' };
    await registerViaApi(harness.baseUrl, friend);
    const casey = await logInViaApi(harness.baseUrl, creator);
    const title = 'Juggle three oranges at the market';
    const dare = await call<{ id: number; invitationDelivery: string }>(
      harness.baseUrl,
      casey,
      '/api/dares',
      {
        title,
        description: 'Ten catches in a row, by the fruit stand.',
        targetAmount: 30,
        category: 'Skill',
        contentRating: 'G',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        dareType: 'challenge',
        recipientType: 'email',
        recipientContact: friend.email,
      },
    );
    // The same answer as for any address: the link to send, since nothing was emailed.
    expect(dare.invitationDelivery).toBe('link');

    const page = await harness.newPage();
    await logIn(page, friend, '/notifications');
    const row = page.getByRole('link', {
      name: new RegExp(`Casey Creator challenged you: "${title}"`),
    });
    await row.waitFor();
    await harness.screenshot(page, 'invitations-8-challenge-notification');
    await row.click();
    await page.waitForURL((url) => url.pathname === '/dare-requests');
    const card = page.getByRole('article', { name: title });
    await card.getByText('Challenge from Casey Creator', { exact: true }).waitFor();
    await card.getByText('Target: $30', { exact: true }).waitFor();
    await animationsDone(page.locator('body'));
    await harness.screenshot(page, 'invitations-9-challenge-request');
    await card.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Challenge accepted', { exact: true }).waitFor();
    await card.getByText('Accepted', { exact: true }).waitFor();
    // The dare is the creator's, with its pitch: no pitch to add, as after a request.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await animationsDone(page.locator('body'));
    await harness.screenshot(page, 'invitations-10-challenge-accepted');
    await card.getByRole('link', { name: 'View dare' }).click();
    await page.waitForURL((url) => url.pathname === `/dares/${dare.id}`);
    await page.getByText('You are taking on this dare').waitFor();
  });

  it('a phone challenge shows its link to copy; the creator can replace it from the dare', async () => {
    const creator = { ...uniqueUser('inv-phone'), displayName: 'Pat Phone' };
    await registerViaApi(harness.baseUrl, creator);
    const page = await harness.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await logIn(page, creator);
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('tab', { name: 'Dare Someone Else' }).click();
    await dialog.getByLabel('Who are you daring?').selectOption('phone');
    await dialog.getByLabel('Their phone number').fill('+1 555 010 7788');
    await dialog.getByLabel('Title').fill('Cold shower for a week');
    await dialog.getByLabel('Description').fill('Seven mornings, no warm water.');
    await dialog.getByLabel('Target amount').fill('25');
    await dialog.getByLabel('Funding duration').selectOption('3');
    await dialog.getByLabel('Category').selectOption('Physical');
    await dialog.getByText('PG-13', { exact: true }).click();
    await dialog.getByLabel('I accept the terms and conditions').check();
    await dialog.getByLabel(/liability waiver/).check();
    await dialog.getByLabel(/safe and legal/).check();
    await dialog.getByRole('button', { name: 'Create Dare' }).click();

    const invite = page.getByRole('dialog', { name: 'Send your invitation' });
    await invite.getByText('Send this link to +1 555 010 7788.').waitFor();
    const link = await invite.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${harness.baseUrl}/invite/[A-Za-z0-9_-]{43}$`));
    await animationsDone(invite);
    await harness.screenshot(page, 'invitations-6-phone-link');
    await invite.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Invitation link copied to clipboard', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await invite.getByRole('button', { name: 'Continue' }).click();
    const pledge = page.getByRole('dialog', { name: 'Pledge to this Dare' });
    await pledge.getByRole('button', { name: 'Skip for Now' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');

    const token = link.split('/').pop()!;
    const shown = await fetch(`${harness.baseUrl}/api/invitations/${token}`);
    const { dareId } = (await shown.json()) as { dareId: number };
    await page.goto(`/dares/${dareId}`);
    await page.getByRole('button', { name: 'New invitation link' }).click();
    const fresh = page.getByRole('dialog', { name: 'New invitation link' });
    const newLink = await fresh.getByLabel('Invitation link').inputValue();
    expect(newLink).not.toBe(link);
    await animationsDone(fresh);
    await harness.screenshot(page, 'invitations-7-new-link');
    expect((await fetch(`${harness.baseUrl}/api/invitations/${token}`)).status).toBe(404);
    const newToken = newLink.split('/').pop()!;
    expect((await fetch(`${harness.baseUrl}/api/invitations/${newToken}`)).status).toBe(200);
  });
});
