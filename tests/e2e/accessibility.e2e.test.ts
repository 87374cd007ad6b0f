import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, signInAs } from './a11y-helpers';
import { buildWorld, demo, type World } from './a11y-world';
import { SCREENS, type Who } from './accessibility-screens';
import { animationsDone } from './create-dare-helpers';
import { type Harness, startHarness } from './harness';
import { DEMO_MODERATOR } from './moderation-helpers';

/**
 * axe-core (WCAG 2.0-2.2, A and AA: a11y-helpers) finds nothing on any screen of the route
 * table in any of its main states (accessibility-screens). One server with the demo world, one
 * browser profile per person, reused from screen to screen.
 */

let harness: Harness;
let world: World;
const pages = new Map<Who, Page>();

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
  world = await buildWorld(harness.baseUrl);
  const accounts: Record<Who, { email: string; password: string } | null> = {
    visitor: null,
    maya: demo('maya'),
    nora: demo('nora'),
    sam: demo('sam'),
    newcomer: world.newcomer,
    moderator: DEMO_MODERATOR,
  };
  for (const [who, account] of Object.entries(accounts) as Array<[Who, typeof accounts.maya]>) {
    const page = await harness.newPage();
    if (account) await signInAs(page, account);
    pages.set(who, page);
  }
}, 180_000);

afterAll(async () => {
  await harness?.stop();
});

describe('axe-core finds no WCAG 2.2 A/AA violation', () => {
  it.each(SCREENS.map((state) => [state.name, state] as const))('%s', async (_name, state) => {
    const page = pages.get(state.who);
    if (!page) throw new Error(`no page for ${state.who}`);
    await page.goto(state.path(world));
    await state.ready(page).waitFor();
    try {
      const shown = await state.open?.(page);
      await shown?.waitFor();
      await animationsDone(page.locator('body'));
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await state.cleanup?.(page);
    }
  });
});
