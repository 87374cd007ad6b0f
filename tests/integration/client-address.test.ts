import { afterEach, describe, expect, it } from 'vitest';
import { INVITATION_MISSES_PER_WINDOW } from '@/contracts/limits';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * DESIGN.md section 9: the client address comes from the socket unless TRUST_PROXY names the
 * proxies to believe; per-address limits (here: invitation token misses) use that address.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * Misses a made-up invitation token once more than the per-address budget allows, each time
 * with another X-Forwarded-For; returns the statuses of the last try.
 */
async function lastMissStatus(app: TestApp['app'], remoteAddress: string) {
  let status = 0;
  for (let i = 0; i <= INVITATION_MISSES_PER_WINDOW; i += 1) {
    const response = await app.inject({
      url: `/api/invitations/not-a-token-${i}`,
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
    });
    status = response.statusCode;
  }
  return status;
}

describe('client addresses and TRUST_PROXY', () => {
  it('ignores X-Forwarded-For by default, even from a private or loopback address', async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    expect(await lastMissStatus(t.app, '10.1.2.3')).toBe(429);
    expect(await lastMissStatus(t.app, '127.0.0.1')).toBe(429);
  });

  it('honours X-Forwarded-For from a proxy TRUST_PROXY names, and only from it', async () => {
    t = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: '127.0.0.1' });
    // Behind the proxy: every client is its own address, none reaches the limit.
    expect(await lastMissStatus(t.app, '127.0.0.1')).toBe(404);
    // Anyone else setting the header is still counted by their own address.
    expect(await lastMissStatus(t.app, '10.1.2.3')).toBe(429);
  });

  it('takes a hop count: the address one proxy hop away is the client', async () => {
    t = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: '1' });
    expect(await lastMissStatus(t.app, '10.9.9.9')).toBe(404);
  });
});
