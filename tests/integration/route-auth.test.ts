import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * DESIGN.md section 7: login-required routes say so on the route (`config: { auth: 'user' }`)
 * and answer 401 to anonymous callers before looking at what they sent. The routes open to
 * anonymous callers are listed here on purpose: a new route that forgets the declaration is
 * not on this list and fails the first test.
 */
const PUBLIC_ROUTES = [
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  // Account links (issue 20): the token in the link is the authority; reset is for the
  // signed out by nature.
  'POST /api/account/verify-email',
  'POST /api/account/email/confirm',
  'POST /api/password-reset',
  'POST /api/password-reset/confirm',
  'GET /api/users/:id',
  // Who follows whom is public, like the profile's counts (issue 12).
  'GET /api/users/:id/followers',
  'GET /api/users/:id/following',
  // Achievements: the catalogue (with the viewer's progress when signed in) and a user's.
  'GET /api/achievements',
  'GET /api/users/:id/achievements',
  'GET /api/users/:id/stats',
  'GET /api/leaderboards',
  // Lists and details differ for signed-in viewers (their likes, saves, pledges) but are public.
  'GET /api/dares',
  'GET /api/dares/public',
  'GET /api/dares/trending',
  'GET /api/dares/user/:userId',
  'GET /api/dares/:id',
  'GET /api/dares/:id/pledges',
  'GET /api/dares/:id/comments',
  // A dare's proofs: public like the dare (the split stays hidden while the vote is open).
  'GET /api/submissions',
  // Anonymous views count too (spec: anyone can view dares).
  'POST /api/dares/:id/views',
  'GET /api/payments/config',
  // The key browsers subscribe to push with (issue 22): public by nature.
  'GET /api/push/vapid-public-key',
  // What an invitation link shows before the invited person signs in (decision 0019).
  'GET /api/invitations/:token',
  // The Discover search box: people and the dares anyone may see.
  'GET /api/search',
  // What Stripe.js calls with a publishable key: the client secret authorizes a confirm.
  'POST /api/payments/simulated/confirm',
  // The API reference (issue 22): the OpenAPI document; /api/docs is Swagger UI's own routes.
  'GET /api/openapi.json',
  'GET /media/*',
  'GET /robots.txt',
  // Every email's unsubscribe link: the signed token is the authority (one click, no login).
  'GET /unsubscribe',
  'POST /unsubscribe',
  // A load balancer's probes (decision 0050).
  'GET /healthz',
  'GET /readyz',
];

/** Bodies and paths no route accepts: whatever is checked first decides the status. */
const INVALID_BODIES = [{}, { id: '\u0000', amount: 2 ** 53 }, 'not json at all'];
const invalidUrl = (url: string) => url.replace(/:\w+/g, 'abc');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('login-required routes', () => {
  it('are exactly the routes not on the public list', () => {
    const routes = t.app.routeCatalog.filter((route) => route.url !== '/*');
    const undeclared = routes
      .filter((route) => route.auth === undefined)
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !PUBLIC_ROUTES.includes(route));
    expect(undeclared).toEqual([]);
    const declaredButListed = routes
      .filter((route) => route.auth !== undefined)
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => PUBLIC_ROUTES.includes(route));
    expect(declaredButListed).toEqual([]);
  });

  it('answer 401 to anonymous callers whatever they send', async () => {
    const loginRequired = t.app.routeCatalog.filter((route) => route.auth !== undefined);
    expect(loginRequired.length).toBeGreaterThan(25);
    const answers: string[] = [];
    for (const route of loginRequired) {
      for (const payload of INVALID_BODIES) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: invalidUrl(route.url),
          ...(route.method === 'GET' ? {} : { payload }),
          headers: typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
        });
        if (response.statusCode !== 401 || response.json().message !== 'You need to be logged in') {
          answers.push(`${route.method} ${route.url} -> ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });

  it('answer an anonymous profile update with an invalid body 401, not 400', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { displayName: '', username: '!', bio: 42 },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You need to be logged in' });
  });
});
