import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CurrentUser } from '@/contracts/user';

let counter = 0;

/** The `name=value` pair of the session cookie a response set, for the next request. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const sid = cookies.find((value) => value.startsWith('sid='));
  if (!sid) throw new Error(`no session cookie in response ${response.statusCode}`);
  return sid.split(';')[0]!;
}

/**
 * A client address of its own for each registration (10.x.y.z): registrations are limited
 * per address (REGISTRATIONS_PER_ADDRESS_PER_HOUR), and a suite registers hundreds.
 */
export function uniqueAddress() {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/**
 * Mail to reserved domains (example.com, .test, ...) is never sent (RFC 2606, decision
 * 0030): tests that read delivered mail use addresses under the product's own domain; it
 * only ever reaches the tests' local SMTP sink.
 */
export const DELIVERABLE_DOMAIN = 'inbox.darefund.app';

export function uniqueEmail(prefix = 'user', domain = 'example.com') {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@${domain}`;
}

/** Registers a fresh user through the API and returns them with their session cookie. */
export async function registerUser(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; displayName?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret-password';
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: uniqueAddress(),
    payload: { email, password, confirmPassword: password, displayName: overrides.displayName },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return {
    user: response.json() as CurrentUser,
    cookie: sessionCookie(response),
    email,
    password,
  };
}
