import type { Locator, Page } from 'playwright-core';

/** Opens Create a New Dare from the bottom navigation and waits for its sheet to settle. */
export async function openCreateDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create a dare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Dare' });
  await dialog.getByText('Create a challenge for others to fund and watch you complete').waitFor();
  await animationsDone(dialog);
  return dialog;
}

/** Lets a sheet's slide-up and colour transitions finish (not endless spinners). */
export function animationsDone(scope: Locator) {
  return scope.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Records with Chromium's fake camera (harness fakeMedia), stopping by hand after `seconds`. */
export async function recordPitch(dialog: Locator, seconds: number) {
  await dialog.getByRole('button', { name: 'Turn on camera' }).click();
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await dialog.page().waitForTimeout(seconds * 1000);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await dialog.getByLabel('Pitch video preview').waitFor();
  await dialog.getByText('Pitch video uploaded').waitFor({ timeout: 30_000 });
}

export interface DareDetails {
  title: string;
  description: string;
  target: string;
  duration: '3' | '7' | '14' | '30';
  /** PG-13 unless given. */
  rating?: 'G' | 'PG' | 'PG-13' | 'R';
}

/** Fills the dare's details: title, description, target, duration, category, rating. */
export async function fillDareDetails(dialog: Locator, dare: DareDetails) {
  await dialog.getByLabel('Title').fill(dare.title);
  await dialog.getByLabel('Description').fill(dare.description);
  await dialog.getByLabel('Target amount').fill(dare.target);
  await dialog.getByLabel('Funding duration').selectOption(dare.duration);
  await dialog.getByLabel('Category').selectOption('Physical');
  await dialog
    .getByRole('group', { name: 'Content rating' })
    .getByText(dare.rating ?? 'PG-13', { exact: true })
    .click();
}

/** Ticks the three agreements. */
export async function acceptAgreements(dialog: Locator) {
  await dialog.getByLabel('I accept the terms and conditions').check();
  await dialog.getByLabel(/liability waiver/).check();
  await dialog.getByLabel(/safe and legal/).check();
}

/** Fills every required field with a recorded pitch and ticks the three agreements. */
export async function fillDareForm(dialog: Locator, dare: DareDetails) {
  await fillDareDetails(dialog, dare);
  await recordPitch(dialog, 2);
  await acceptAgreements(dialog);
}

/** The simulated provider's test card (4242… authorizes, 4000 0000 0000 0002 declines). */
export async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Cardholder name').fill('Casey Creator');
  await scope.getByLabel('Expiry (MM/YY)').fill('1234');
  await scope.getByLabel('CVC').fill('123');
}

/** A dare as GET /api/dares/user/{id} lists it. */
export interface ListedDare {
  id: number;
  title: string;
  status: string;
  currentAmount: number;
  targetAmount: number;
  pledgeCount: number;
  contentRating: string;
  isPublicChallenge: boolean;
  recipientType: string | null;
}

export async function daresOf(baseUrl: string, userId: number): Promise<ListedDare[]> {
  const response = await fetch(`${baseUrl}/api/dares/user/${userId}`);
  if (!response.ok) throw new Error(`GET dares of ${userId}: ${response.status}`);
  return ((await response.json()) as { items: ListedDare[] }).items;
}
