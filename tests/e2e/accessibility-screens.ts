import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@/server/seed/demo-data';
import type { World } from './a11y-world';
import { currentSlide } from './feed-helpers';
import { DEMO_VIDEO } from './proof-helpers';

/** Whose browser profile looks at a screen (a11y-world: Maya and Nora of the demo world). */
export type Who = 'visitor' | 'maya' | 'nora' | 'sam' | 'newcomer' | 'moderator';

/** One screen in one of its states, as the accessibility e2e checks it. */
export interface ScreenState {
  /** What the state is, as a failure names it. */
  name: string;
  who: Who;
  path: (world: World) => string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Locator;
  /** Brings the screen into the state (a tab, a dialog); returns what shows when it is. */
  open?: (page: Page) => Promise<Locator>;
  /** Undoes what `open` did to the browser profile (routes, offline), for the next state. */
  cleanup?: (page: Page) => Promise<void>;
}

/** Requests for a screen's code chunk fail, as on a dropped connection (offline e2e). */
const PROFILE_CHUNK = /\/assets\/profile-page-[^/]+\.js$/;
/** The data export's download (issue 20 item 5). */
const EXPORT_API = '**/api/account/export';
/** Logging in and changing the address (issue 20 items 3 and 6). */
const LOGIN_API = '**/api/login';
const EMAIL_CHANGE_API = '**/api/account/email';

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first();
const text = (value: string | RegExp) => (page: Page) => page.getByText(value).first();
const slide = (page: Page) => currentSlide(page);

const tab = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('tab', { name }).first().click();
  return page.getByRole('tabpanel').first();
};

const dialog =
  (button: string | RegExp, title: string | RegExp, scope?: (page: Page) => Locator) =>
  async (page: Page) => {
    await (scope ? scope(page) : page).getByRole('button', { name: button }).first().click();
    return page.getByRole('dialog', { name: title });
  };

/** Turns captions on in `scope` with its CC toggle (the setting is kept between screens). */
async function captionsOn(scope: Locator) {
  const toggle = scope.getByRole('button', { name: 'CC captions' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await scope.getByRole('button', { name: 'CC captions', pressed: true }).waitFor();
  return scope;
}

/** The profile menu's item, in the menu opened from its button. */
const fromMenu = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

const DELETE_ACCOUNT = () => '/settings/delete-account';

/** The Delete account form sent with `password`; returns the answer it shows. */
async function tryToDelete(page: Page, password: string, answer: string | RegExp) {
  const form = page.getByRole('form', { name: 'Delete account' });
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Delete my account' }).click();
  return form.getByText(answer);
}

/**
 * A phone challenge made in the create dialog up to its first dialog after creating: the
 * invitation link. (No pitch video: only self dares and public challenges need one.)
 */
async function createPhoneChallenge(page: Page) {
  const create = page.getByRole('dialog', { name: 'Create a New Dare' });
  await create.getByRole('tab', { name: 'Dare Someone Else' }).click();
  await create.getByLabel('Who are you daring?').selectOption('phone');
  await create.getByLabel('Their phone number').fill('+1 555 010 2233');
  await create.getByLabel('Title').fill('Cartwheel in the park');
  await create.getByLabel('Description').fill('Three in a row, on the grass by the pond.');
  await create.getByLabel('Target amount').fill('25');
  await create.getByLabel('Funding duration').selectOption('3');
  await create.getByLabel('Category').selectOption('Physical');
  await create.getByText('PG-13', { exact: true }).click();
  await create.getByLabel('I accept the terms and conditions').check();
  await create.getByLabel(/liability waiver/).check();
  await create.getByLabel(/safe and legal/).check();
  await create.getByRole('button', { name: 'Create Dare' }).click();
  return page.getByRole('dialog', { name: 'Send your invitation' });
}

/**
 * The route table of the spec (section 2) and src/web/app/router.tsx, screen by screen:
 * signed out and in, empty and filled, each tab, each dialog open. The states that change
 * data (a pledge created, a request accepted) come after the ones that show it unchanged.
 */
export const SCREENS: ScreenState[] = [
  // Signed out.
  { name: 'feed, signed out', who: 'visitor', path: () => '/', ready: slide },
  {
    name: 'feed My Votes, signed out',
    who: 'visitor',
    path: () => '/?tab=votes',
    ready: text('Log in to see your votes'),
  },
  { name: 'feed Watch Dare, signed out', who: 'visitor', path: () => '/?tab=watch', ready: slide },
  { name: 'login', who: 'visitor', path: () => '/auth', ready: heading(/./) },
  {
    // The throttle's answer as the server words it (issue 20 item 6), with the reset link.
    name: 'login, throttled',
    who: 'visitor',
    path: () => '/auth',
    ready: heading(/./),
    open: async (page) => {
      await page.route(LOGIN_API, (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '30' },
          contentType: 'application/json',
          body: JSON.stringify({
            message:
              'Too many login attempts. Please try again in 30 seconds, or reset your password.',
          }),
        }),
      );
      const form = page.getByRole('form', { name: 'Log in' });
      await form.getByLabel('Email or username').fill('someone@example.com');
      await form.getByLabel('Password', { exact: true }).fill('a-password');
      await form.getByRole('button', { name: 'Log in' }).click();
      return form.getByRole('link', { name: 'Reset your password' });
    },
    cleanup: (page) => page.unroute(LOGIN_API),
  },
  {
    name: 'forgot password',
    who: 'visitor',
    path: () => '/forgot-password',
    ready: heading('Forgot password'),
  },
  {
    name: 'forgot password, sent',
    who: 'visitor',
    path: () => '/forgot-password',
    ready: heading('Forgot password'),
    open: async (page) => {
      await page.getByLabel('Email').fill('nobody-here@example.com');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      return page.getByText(
        'If an account exists for that email, we sent a link to reset the password.',
      );
    },
  },
  {
    name: 'reset password, link invalid',
    who: 'visitor',
    path: () => `/reset-password?token=${'x'.repeat(43)}`,
    ready: heading('Choose a new password'),
    open: async (page) => {
      await page.getByLabel('New password').fill('a-new-password');
      await page.getByLabel('Confirm password').fill('a-new-password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      return page.getByText('This link is invalid or has expired');
    },
  },
  {
    name: 'verify email, link invalid',
    who: 'visitor',
    path: () => `/verify-email?token=${'x'.repeat(43)}`,
    ready: text('This link is invalid or has expired'),
  },
  {
    name: 'register',
    who: 'visitor',
    path: () => '/auth',
    ready: heading(/./),
    open: tab('Register'),
  },
  { name: 'discover, signed out', who: 'visitor', path: () => '/discover', ready: slide },
  {
    name: 'dare detail, signed out',
    who: 'visitor',
    path: (w) => `/dares/${w.iceBucket}`,
    ready: text('Ice Bucket Challenge'),
  },
  {
    name: 'dare not found',
    who: 'visitor',
    path: () => '/dares/999999',
    ready: text(/Dare Not Found/),
  },
  {
    name: 'fund page, signed out',
    who: 'visitor',
    path: (w) => `/fund/${w.iceBucket}`,
    ready: text(/./),
  },
  {
    name: 'dare requests, signed out',
    who: 'visitor',
    path: () => '/dare-requests',
    ready: text(/Authentication Required|Log in/),
  },
  {
    name: 'discover search, nothing found',
    who: 'visitor',
    path: () => '/discover?q=zzqxv',
    ready: text(/No (results|people|dares)/i),
  },
  {
    name: 'other profile, signed out',
    who: 'visitor',
    path: (w) => `/users/${w.maya}`,
    ready: heading('maya'),
  },
  {
    name: 'followers list',
    who: 'visitor',
    path: (w) => `/users/${w.maya}/followers`,
    ready: heading('Followers'),
  },
  {
    name: 'following list',
    who: 'visitor',
    path: (w) => `/users/${w.maya}/following`,
    ready: heading('Following'),
  },
  {
    name: 'user not found',
    who: 'visitor',
    path: () => '/users/999999',
    ready: text(/User not found/),
  },
  {
    name: 'trending, signed out',
    who: 'visitor',
    path: () => '/trending',
    ready: heading('Trending'),
  },
  {
    name: 'invitation, signed out',
    who: 'visitor',
    path: (w) => w.invitePath,
    ready: text('Karaoke at the office party'),
  },
  {
    name: 'invitation not available',
    who: 'visitor',
    path: () => '/invite/not-a-real-token',
    ready: text('Invitation not available'),
  },
  {
    name: 'notifications, signed out',
    who: 'visitor',
    path: () => '/notifications',
    ready: text('Log in to see your notifications'),
  },
  {
    name: 'not found page',
    who: 'visitor',
    path: () => '/no/such/page',
    ready: heading('404 Page Not Found'),
  },

  // Signed in with everything filled (Maya of the demo world).
  { name: 'feed Active', who: 'maya', path: () => '/', ready: slide },
  { name: 'feed My Votes', who: 'maya', path: () => '/?tab=votes', ready: slide },
  { name: 'feed Watch Dare', who: 'maya', path: () => '/?tab=watch', ready: slide },
  {
    name: 'feed pledge dialog',
    who: 'maya',
    path: () => '/',
    ready: slide,
    open: dialog(/^(Pledge|Fund)$/, 'Pledge to this Dare', slide),
  },
  {
    name: 'feed payment dialog',
    who: 'maya',
    path: () => '/',
    ready: slide,
    open: async (page) => {
      const pledge = await dialog(/^(Pledge|Fund)$/, 'Pledge to this Dare', slide)(page);
      await pledge.getByText('$10', { exact: true }).click();
      await pledge.getByRole('button', { name: 'Continue to Payment' }).click();
      return page.getByRole('dialog', { name: 'Complete Your Payment' });
    },
  },
  {
    name: 'feed comments sheet',
    who: 'maya',
    path: () => '/',
    ready: slide,
    open: dialog('Comments', /Comments/, slide),
  },
  {
    name: 'vote dialog, already voted',
    who: 'maya',
    path: (w) => `/dares/${w.pushUps}?vote=1`,
    ready: text('100 Push-ups'),
    open: async (page) => page.getByRole('dialog', { name: 'Verify Dare Completion' }),
  },
  {
    name: 'dare detail, creator',
    who: 'maya',
    path: (w) => `/dares/${w.iceBucket}`,
    ready: text('Ice Bucket Challenge'),
  },
  {
    name: 'dare detail comments',
    who: 'maya',
    path: (w) => `/dares/${w.iceBucket}`,
    ready: text('Ice Bucket Challenge'),
    open: dialog(/^Comments/, /Comments/),
  },
  {
    name: 'dare detail share dialog',
    who: 'maya',
    path: (w) => `/dares/${w.iceBucket}`,
    ready: text('Ice Bucket Challenge'),
    open: dialog(/Share/, /Share/),
  },
  {
    name: 'dare detail pitch video',
    who: 'maya',
    path: (w) => `/dares/${w.iceBucket}`,
    ready: text('Ice Bucket Challenge'),
    open: dialog('Watch Pitch', /./),
  },
  {
    name: 'feed, captions on (CC toggle)',
    who: 'maya',
    path: (w) => `/?dare=${w.captioned}`,
    ready: slide,
    open: async (page) => captionsOn(slide(page)),
  },
  {
    name: 'dare detail pitch video, captions on (CC toggle)',
    who: 'maya',
    path: (w) => `/dares/${w.captioned}`,
    ready: text('Lake jump at dawn'),
    open: async (page) => captionsOn(await dialog('Watch Pitch', /./)(page)),
  },
  {
    name: 'proof dialog',
    who: 'maya',
    path: (w) => `/dares/${w.iceBucket}?proof=1`,
    ready: text('Ice Bucket Challenge'),
    open: async (page) => page.getByRole('dialog', { name: 'Submit Proof' }),
  },
  {
    name: 'proof dialog, video chosen',
    who: 'maya',
    path: (w) => `/dares/${w.iceBucket}?proof=1`,
    ready: text('Ice Bucket Challenge'),
    open: async (page) => {
      const proof = page.getByRole('dialog', { name: 'Submit Proof' });
      await proof.locator('input[type="file"]').setInputFiles(DEMO_VIDEO);
      await proof.getByText('Proof video uploaded').waitFor({ timeout: 30_000 });
      return proof.getByRole('tab', { name: 'Thumbnail' });
    },
  },
  {
    name: 'dare detail, completed',
    who: 'maya',
    path: (w) => `/dares/${w.singInPublic}`,
    ready: text('Sing in Public'),
  },
  {
    name: 'dare detail, completed, its creator',
    who: 'sam',
    path: (w) => `/dares/${w.singInPublic}`,
    ready: text('Sing in Public'),
  },
  {
    name: 'invitation, signed in',
    who: 'maya',
    path: (w) => w.invitePath,
    ready: text('Karaoke at the office party'),
  },
  {
    name: 'discover pledge dialog',
    who: 'maya',
    path: () => '/discover',
    ready: slide,
    open: dialog(/^(Pledge|Fund)$/, 'Pledge to this Dare', slide),
  },
  {
    name: 'dare detail, watch completion',
    who: 'maya',
    path: (w) => `/dares/${w.singInPublic}`,
    ready: text('Sing in Public'),
    open: dialog('Watch Completion', /./),
  },
  {
    name: 'fund page',
    who: 'maya',
    path: (w) => `/fund/${w.iceBucket}`,
    ready: text('Ice Bucket Challenge'),
  },
  {
    name: 'fund page, not found',
    who: 'maya',
    path: () => '/fund/999999',
    ready: text(/not found/i),
  },
  {
    name: 'cancel pledge dialog',
    who: 'maya',
    path: (w) => `/dares/${w.hotSauce}`,
    ready: text('Hot Sauce Tasting'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Cancel pledge' }).click();
      return page.getByRole('alertdialog', { name: 'Cancel your pledge?' });
    },
  },
  {
    name: 'pledge payment page',
    who: 'maya',
    path: (w) => `/pledge/${w.pendingPledge}/payment`,
    ready: heading('Complete Your Pledge'),
  },
  { name: 'profile', who: 'maya', path: () => '/profile', ready: heading('maya') },
  {
    name: 'profile Pledged tab',
    who: 'maya',
    path: () => '/profile',
    ready: heading('maya'),
    open: tab(/Pledged/),
  },
  {
    name: 'profile Completed tab',
    who: 'maya',
    path: () => '/profile',
    ready: heading('maya'),
    open: tab(/Completed/),
  },
  {
    name: 'profile menu',
    who: 'maya',
    path: () => '/profile',
    ready: heading('maya'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Profile menu' }).click();
      return page.getByRole('menu');
    },
  },
  {
    name: 'edit profile dialog',
    who: 'maya',
    path: () => '/profile',
    ready: heading('maya'),
    open: dialog('Edit Profile', 'Edit Profile'),
  },
  {
    name: 'billing dialog',
    who: 'maya',
    path: () => '/profile',
    ready: heading('maya'),
    open: async (page) => {
      await fromMenu(page, 'Billing & Payment');
      return page.getByRole('dialog', { name: /Billing/ });
    },
  },
  {
    name: 'notification settings dialog',
    who: 'maya',
    path: () => '/profile?settings=notifications',
    ready: (page) => page.getByRole('dialog', { name: /Notification/ }),
  },
  {
    name: 'billing dialog, add card',
    who: 'maya',
    path: () => '/profile',
    ready: heading('maya'),
    open: async (page) => {
      await fromMenu(page, 'Billing & Payment');
      await page.getByRole('button', { name: 'Add card' }).click();
      return page.getByRole('dialog', { name: 'Add card' }).getByLabel('Card number');
    },
  },
  {
    name: 'other profile',
    who: 'maya',
    path: (w) => `/users/${w.leo}`,
    ready: heading('leo_runs'),
  },
  {
    name: 'other profile Stats tab',
    who: 'maya',
    path: (w) => `/users/${w.leo}`,
    ready: heading('leo_runs'),
    open: tab('Stats'),
  },
  {
    name: 'other profile Completed tab',
    who: 'maya',
    path: (w) => `/users/${w.leo}`,
    ready: heading('leo_runs'),
    open: tab('Completed'),
  },
  {
    name: 'challenge dialog',
    who: 'maya',
    path: (w) => `/users/${w.leo}`,
    ready: heading('leo_runs'),
    open: dialog('Challenge', /Challenge/),
  },
  { name: 'inbox', who: 'maya', path: () => '/inbox', ready: text('Leo Martins') },
  {
    name: 'inbox Unread tab',
    who: 'maya',
    path: () => '/inbox',
    ready: text('Leo Martins'),
    open: tab(/Unread/),
  },
  {
    name: 'new conversation dialog',
    who: 'maya',
    path: () => '/inbox',
    ready: text('Leo Martins'),
    open: dialog(/New (message|conversation)/i, /./),
  },
  {
    name: 'conversation',
    who: 'maya',
    path: (w) => `/inbox/${w.conversation}`,
    ready: text('I will be there with a towel, just in case.'),
  },
  {
    name: 'notifications',
    who: 'maya',
    path: () => '/notifications',
    ready: heading('Notifications'),
  },
  {
    name: 'dare requests Received',
    who: 'maya',
    path: () => '/dare-requests',
    ready: text('Sing in the rain'),
  },
  {
    name: 'dare requests Sent',
    who: 'maya',
    path: () => '/dare-requests',
    ready: text('Sing in the rain'),
    open: tab('Sent'),
  },
  {
    name: 'send dare request',
    who: 'maya',
    path: () => '/send-dare-request',
    ready: heading('Challenge Someone'),
  },
  {
    name: 'achievements',
    who: 'maya',
    path: () => '/achievements',
    ready: heading('Achievement Dashboard'),
  },
  ...['creator', 'social', 'financial', 'milestone'].map(
    (category): ScreenState => ({
      name: `achievements ${category} tab`,
      who: 'maya',
      path: () => '/achievements',
      ready: heading('Achievement Dashboard'),
      open: tab(new RegExp(category, 'i')),
    }),
  ),
  ...['Rising', 'Popular', 'Featured', 'Leaders'].map(
    (name): ScreenState => ({
      name: `trending ${name} tab`,
      who: 'maya',
      path: () => '/trending',
      ready: heading('Trending'),
      open: tab(new RegExp(name, 'i')),
    }),
  ),
  {
    name: 'discover search results',
    who: 'maya',
    path: () => '/discover?q=ice',
    ready: text('Ice Bucket Challenge'),
  },
  {
    name: 'create dare dialog',
    who: 'maya',
    path: () => '/dare',
    ready: heading(/Create/),
    open: async (page) => page.getByRole('dialog', { name: 'Create a New Dare' }),
  },
  {
    name: 'create dare dialog, Dare Someone Else',
    who: 'maya',
    path: () => '/dare',
    ready: heading(/Create/),
    open: async (page) => {
      const create = page.getByRole('dialog', { name: 'Create a New Dare' });
      await create.getByRole('tab', { name: 'Dare Someone Else' }).click();
      return create;
    },
  },
  {
    name: 'payout onboarding',
    who: 'maya',
    path: () => '/payouts/onboarding',
    ready: text(/./),
  },
  {
    name: 'vote dialog',
    who: 'nora',
    path: (w) => `/dares/${w.charityRun}?vote=1`,
    ready: text('Charity 10K Run'),
    open: async (page) => page.getByRole('dialog', { name: 'Verify Dare Completion' }),
  },
  {
    name: 'vote dialog, Approve tab',
    who: 'nora',
    path: (w) => `/dares/${w.charityRun}?vote=1`,
    ready: text('Charity 10K Run'),
    open: async (page) => {
      const vote = page.getByRole('dialog', { name: 'Verify Dare Completion' });
      await vote.getByRole('button', { name: 'Approve' }).click();
      return vote.getByRole('tabpanel');
    },
  },
  {
    name: 'vote dialog, Reject tab',
    who: 'nora',
    path: (w) => `/dares/${w.charityRun}?vote=1`,
    ready: text('Charity 10K Run'),
    open: async (page) => {
      const vote = page.getByRole('dialog', { name: 'Verify Dare Completion' });
      await vote.getByRole('button', { name: 'Reject' }).click();
      return vote.getByRole('tabpanel');
    },
  },

  // Signed in with nothing yet.
  {
    name: 'feed My Votes, empty',
    who: 'newcomer',
    path: () => '/?tab=votes',
    ready: text('Nothing to vote on'),
  },
  { name: 'profile, empty', who: 'newcomer', path: () => '/profile', ready: heading(/newcomer/) },
  { name: 'inbox, empty', who: 'newcomer', path: () => '/inbox', ready: heading('Inbox') },
  {
    name: 'notifications, empty',
    who: 'newcomer',
    path: () => '/notifications',
    ready: text('No notifications yet'),
  },
  {
    name: 'dare requests, empty',
    who: 'newcomer',
    path: () => '/dare-requests',
    ready: text('No requests received'),
  },
  {
    name: 'achievements, empty',
    who: 'newcomer',
    path: () => '/achievements',
    ready: heading('Achievement Dashboard'),
  },
  // These change what the screens above show: last.
  {
    name: 'fund page, card step',
    who: 'maya',
    path: (w) => `/fund/${w.iceBucket}`,
    ready: text('Ice Bucket Challenge'),
    open: async (page) => {
      await page.getByText('$20', { exact: true }).click();
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      return page.getByLabel('Card number');
    },
  },
  {
    name: 'invitation link dialog',
    who: 'maya',
    path: () => '/dare',
    ready: (page) => page.getByRole('dialog', { name: 'Create a New Dare' }),
    open: createPhoneChallenge,
  },
  {
    name: 'creator pledge dialog',
    who: 'maya',
    path: () => '/dare',
    ready: (page) => page.getByRole('dialog', { name: 'Create a New Dare' }),
    open: async (page) => {
      const invitation = await createPhoneChallenge(page);
      await invitation.getByRole('button', { name: 'Continue' }).click();
      return page.getByRole('dialog', { name: 'Pledge to this Dare' });
    },
  },
  {
    name: 'pitch dialog after accepting a request',
    who: 'maya',
    path: () => '/dare-requests',
    ready: text('Sing in the rain'),
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Accept/ })
        .first()
        .click();
      return page.getByRole('dialog', { name: 'Record your pitch' });
    },
  },

  // Trust and safety (issue 21): the report sheet, blocking, and the R-rated choice.
  {
    name: 'report sheet, from the feed',
    who: 'newcomer',
    path: () => '/',
    ready: slide,
    open: dialog('Report dare', 'Report dare', slide),
  },
  {
    name: 'report sheet, from a dare page',
    who: 'maya',
    path: (w) => `/dares/${w.hotSauce}`,
    ready: text('Hot Sauce Tasting'),
    open: dialog('Report dare', 'Report dare'),
  },
  {
    name: 'conversation, block confirm',
    who: 'maya',
    path: (w) => `/inbox/${w.conversation}`,
    ready: text('I will be there with a towel, just in case.'),
    open: async (page) => {
      await page.getByRole('button', { name: /^More options for @/ }).click();
      await page.getByRole('menuitem', { name: 'Block' }).click();
      return page.getByRole('alertdialog', { name: /^Block / });
    },
  },
  {
    name: 'privacy settings (R-rated dares, blocked accounts)',
    who: 'maya',
    path: () => '/settings/privacy',
    ready: (page) => page.getByRole('switch', { name: 'Show R-rated dares' }),
  },
  {
    name: 'privacy settings, 18+ confirm',
    who: 'maya',
    path: () => '/settings/privacy',
    ready: (page) => page.getByRole('switch', { name: 'Show R-rated dares' }),
    open: async (page) => {
      await page.getByRole('switch', { name: 'Show R-rated dares' }).click();
      return page.getByRole('alertdialog', { name: 'Are you 18 or older?' });
    },
  },
  // The moderator's queue, its action dialog, the audit log.
  {
    name: 'moderation queue',
    who: 'moderator',
    path: () => '/moderation',
    ready: (page) => page.getByRole('list', { name: 'Open reports' }).getByRole('listitem').first(),
  },
  {
    name: 'moderation action dialog, reason missing',
    who: 'moderator',
    path: () => '/moderation',
    ready: (page) => page.getByRole('list', { name: 'Open reports' }).getByRole('listitem').first(),
    open: async (page) => {
      await page.getByRole('button', { name: 'Suspend user' }).first().click();
      const dialog = page.getByRole('dialog', { name: /^Suspend @/ });
      await dialog.getByRole('button', { name: 'Suspend user' }).click();
      return dialog.getByText('Please give a reason');
    },
  },
  {
    name: 'moderation resolved tab',
    who: 'moderator',
    path: () => '/moderation',
    ready: (page) => page.getByRole('list', { name: 'Open reports' }),
    open: async (page) => {
      await page.getByRole('tab', { name: 'Resolved' }).click();
      return page.getByRole('list', { name: 'Resolved reports' });
    },
  },
  {
    name: 'moderation audit log',
    who: 'moderator',
    path: () => '/moderation/log',
    ready: text('An honest compliment, not spam.'),
  },
  {
    name: 'security settings',
    who: 'maya',
    path: () => '/settings/security',
    ready: (page) => page.getByRole('list', { name: 'Signed-in devices' }),
  },
  {
    name: 'security settings, data export refused',
    who: 'maya',
    path: () => '/settings/security',
    ready: (page) => page.getByRole('button', { name: 'Download my data' }),
    open: async (page) => {
      // The hour's limit as the server words it, without spending Maya's real exports.
      await page.route(EXPORT_API, (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '3000' },
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Too many requests. Please try again in 50 minutes.' }),
        }),
      );
      await page.getByRole('button', { name: 'Download my data' }).click();
      return page.getByRole('region', { name: 'Export my data' }).getByRole('alert');
    },
    cleanup: (page) => page.unroute(EXPORT_API),
  },
  {
    name: 'security settings, email change sent',
    who: 'maya',
    path: () => '/settings/security',
    ready: (page) => page.getByRole('form', { name: 'Change email' }),
    open: async (page) => {
      // The answer as the server words it, without sending Maya's address anywhere.
      await page.route(EMAIL_CHANGE_API, (route) =>
        route.fulfill({
          status: 202,
          contentType: 'application/json',
          body: JSON.stringify({
            message:
              'We sent a link to maya.new@example.com. Your email address changes when you open it.',
          }),
        }),
      );
      const form = page.getByRole('form', { name: 'Change email' });
      await form.getByLabel('New email').fill('maya.new@example.com');
      await form.getByLabel('Password', { exact: true }).fill('any-password');
      await form.getByRole('button', { name: 'Send confirmation link' }).click();
      return form.getByRole('status');
    },
    cleanup: (page) => page.unroute(EMAIL_CHANGE_API),
  },
  { name: 'delete account', who: 'newcomer', path: DELETE_ACCOUNT, ready: heading('What happens') },
  {
    name: 'delete account, wrong password',
    who: 'newcomer',
    path: DELETE_ACCOUNT,
    ready: heading('What happens'),
    open: (page) => tryToDelete(page, 'not-the-password', 'Password is incorrect'),
  },
  {
    // Sam's earnings wait for his payout account (the demo funding): the refusal is an alert.
    name: 'delete account, refused',
    who: 'sam',
    path: DELETE_ACCOUNT,
    ready: heading('What happens'),
    open: (page) => tryToDelete(page, DEMO_PASSWORD, /payout to you is not yet paid/),
  },
  // Errors, inside the layout (issue 19 item 7).
  {
    name: "screen that couldn't load",
    who: 'newcomer',
    path: () => '/',
    ready: slide,
    open: async (page) => {
      await page.route(PROFILE_CHUNK, (route) => route.abort('connectionreset'));
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Me' })
        .click();
      return page.getByRole('alert').filter({ hasText: "Couldn't load this screen" });
    },
    cleanup: (page) => page.unroute(PROFILE_CHUNK),
  },
  {
    name: 'trending tab, offline',
    who: 'visitor',
    path: () => '/trending',
    ready: (page) => page.getByRole('list', { name: 'Hot dares' }),
    open: async (page) => {
      await page.context().setOffline(true);
      await page.getByRole('tab', { name: 'Popular' }).click();
      return page.getByRole('tabpanel', { name: 'Popular' }).getByText("You're offline");
    },
    cleanup: (page) => page.context().setOffline(false),
  },
];
