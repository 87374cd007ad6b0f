import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleErrors } from './console-helpers';
import { type Harness, startHarness } from './harness';

// Issue 22 item 1: the API reference in a browser, from the production build: Swagger UI
// served by the app itself, under the app's Content-Security-Policy, nothing from elsewhere.
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.stop();
});

describe('/api/docs', () => {
  it('renders every operation of the document, loading nothing from another origin and breaking no CSP rule', async () => {
    const document = (await (await fetch(`${harness.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operationCount = Object.values(document.paths).reduce(
      (count, item) => count + Object.keys(item).length,
      0,
    );
    const page = await harness.newPage();
    const errors = consoleErrors(page);
    const origins = new Set<string>();
    page.on('request', (request) => {
      if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: /Darefund API/ }).waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBe(operationCount);
    await page.getByRole('button', { name: 'Authorize', exact: true }).waitFor();

    // One operation opened: its summary, its error answers and their one shape.
    const login = page.locator('.opblock').filter({
      has: page.locator('[data-path="/api/login"]'),
    });
    await login.locator('.opblock-summary-control').click();
    await login.getByText('Sign in with email and password').first().waitFor();
    const wrongPassword = login.getByText('Wrong credentials, or the session has ended');
    await wrongPassword.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'api-docs-login');

    await page.evaluate(() => window.scrollTo(0, 0));
    await harness.screenshot(page, 'api-docs');
    expect(errors).toEqual([]);
    expect([...origins]).toEqual([new URL(harness.baseUrl).origin]);
  });
});
