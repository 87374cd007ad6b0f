import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CurrentUser } from '@/contracts/user';
import { mailOutbox } from '@/server/db/schema';

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

/**
 * Registers a fresh user through the API and returns them with their session cookie. The
 * address is verified the way a person does it (the link of the verification email, read
 * from the outbox) unless `verified: false`: what needs a proven address (DESIGN.md
 * section 9) is then refused with 403.
 */
export async function registerUser(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; displayName?: string; verified?: boolean } = {},
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
  const cookie = sessionCookie(response);
  let user = response.json() as CurrentUser;
  if (overrides.verified !== false) user = await verifyEmailOf(app, email, cookie);
  return { user, cookie, email, password };
}

/** The token of the newest account email to `email` whose link opens `page`. */
export async function accountLinkToken(
  app: FastifyInstance,
  email: string,
  page: 'verify-email' | 'reset-password' | 'confirm-email',
): Promise<string> {
  const rows = await app.ctx.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'account'), sql`lower(${mailOutbox.to}) = lower(${email})`))
    .orderBy(desc(mailOutbox.id));
  const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`);
  for (const row of rows) {
    const token = pattern.exec(row.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no ${page} email to ${email}`);
}

/** Opens the verification link sent to `email`; returns the verified user. */
export async function verifyEmailOf(app: FastifyInstance, email: string, cookie?: string) {
  const token = await accountLinkToken(app, email, 'verify-email');
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/verify-email',
    payload: { token },
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.body}`);
  return response.json() as CurrentUser;
}
