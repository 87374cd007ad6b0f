import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('HTTP basics', () => {
  it('answers malformed JSON with 400 { message }', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers an oversized body with 413 { message }', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers an id in the path that is not a positive whole number with 400 in words', async () => {
    for (const url of ['/api/dares/abc', '/api/dares/0', '/api/dares/1.5', '/api/dares/user/x']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        message: 'Invalid id: expected a positive whole number',
      });
    }
    // Login-required routes check the caller first (401), then the id.
    const { cookie } = await registerUser(t.app);
    const pledge = await t.app.inject({ url: '/api/pledges/abc', headers: { cookie } });
    expect(pledge.json()).toEqual({ message: 'Invalid id: expected a positive whole number' });
  });

  it('answers an unknown media file with 404 JSON, and refuses path tricks', async () => {
    expect((await t.app.inject({ url: '/media/images/nope.png' })).statusCode).toBe(404);
    for (const url of [
      '/media/../package.json',
      '/media/%2e%2e/package.json',
      '/media/..%2fpackage.json',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.body).not.toContain('"name": "darefund"');
    }
  });

  it('serves the single-page app for any other path (the SPA renders its 404)', async () => {
    const response = await t.app.inject({ url: '/some/unknown/page' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The installable app's service worker and manifest (decision 0052), ours only.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('stripe.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets Stripe.js, its card frame and 3-D Secure in only when Stripe Elements is on', async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_csp',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
    });
    try {
      const response = await stripe.app.inject({ url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    } finally {
      await stripe.close();
    }
  });

  it('answers a badly encoded URL with 400 { message } and the usual security headers', async () => {
    for (const url of ['/api/dares/%E0%A4%A', '/api/dares/%ZZ', '/api/users/%C0%AF']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: 'Malformed URL' });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-security-policy']), url).toContain(
        "default-src 'self'",
      );
    }
  });

  it('has no development routes outside development mode', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dev/auto-login' });
    expect(response.statusCode).toBe(404);
  });

  // Issue 19 item 21: a browser opening /dev/mail in production got raw JSON.
  it('answers /dev/* outside development with the app (its 404 page) to a browser, JSON to the rest', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const app = await t.app.inject({ url: '/some/unknown/page', headers: browser });
    for (const url of ['/dev/mail', '/dev/anything/else?x=1', '/dev']) {
      const page = await t.app.inject({ url, headers: browser });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toBe(app.body);
      const json = await t.app.inject({ url, headers: { accept: 'application/json' } });
      expect(json.statusCode, url).toBe(404);
      expect(json.json(), url).toEqual({ message: 'Not found' });
    }
    const api = await t.app.inject({ url: '/api/dev/mail', headers: browser });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });
  it('serves a real robots.txt as text/plain: crawl pages, not the API', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url: '/robots.txt' });
      expect(response.statusCode, method).toBe(200);
      expect(response.headers['content-type'], method).toBe('text/plain; charset=utf-8');
    }
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.body).not.toContain('<');
    expect(response.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/']),
    );
  });
});
