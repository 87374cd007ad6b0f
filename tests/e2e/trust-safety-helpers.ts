import type { Page } from 'playwright-core';
import { INITIAL_DATA_ELEMENT_ID } from '@/contracts/initial-data';

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
