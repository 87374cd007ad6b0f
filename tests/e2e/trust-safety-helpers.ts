import type { Page } from 'playwright-core';
import { INITIAL_DATA_ELEMENT_ID } from '@/contracts/initial-data';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';

/**
 * Makes `page` see dare `id` with `fields` added to its view: the page's HTML loses its
 * initial data (so the screen asks the API) and GET /api/dares/{id} answers the real view
 * plus `fields`. For the moderation states whose fields the server part of issue 21 adds.
 */
export async function fakeDareView(page: Page, id: number, fields: Record<string, unknown>) {
  await page.unroute(`**/dares/${id}`);
  await page.route(`**/dares/${id}`, async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    const isApi = new URL(route.request().url()).pathname.startsWith('/api/');
    const body = isApi
      ? JSON.stringify({ ...JSON.parse(text), ...fields })
      : text.replace(
          new RegExp(
            `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">.*?</script>`,
            's',
          ),
          '',
        );
    await route.fulfill({ response, body });
  });
}

/**
 * PATCH /api/account/preferences answered as issue 21 item 7 says (on without confirmAdult:
 * 400), each request body pushed to `sent`.
 */
export async function fakePreferences(page: Page, sent: object[]) {
  await page.route('**/api/account/preferences', async (route) => {
    const body = route.request().postDataJSON() as {
      showMatureContent: boolean;
      confirmAdult?: boolean;
    };
    sent.push(body);
    const refused = body.showMatureContent && body.confirmAdult !== true;
    await route.fulfill({
      status: refused ? 400 : 200,
      contentType: 'application/json',
      body: JSON.stringify(
        refused
          ? { message: MODERATION_MESSAGES.confirmAdult }
          : { showMatureContent: body.showMatureContent },
      ),
    });
  });
}
