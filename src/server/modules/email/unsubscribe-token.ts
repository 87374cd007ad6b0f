import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who unsubscribes from what: the address, the kind of email and the account when known. */
export type UnsubscribeClaim = { email: string; kind: string; userId?: number };

/**
 * Unsubscribe links carry a signed token (HMAC-SHA256 with the session secret) instead of a
 * login: one click from the mail app must work, and nobody can forge one for someone else.
 * The token never expires: an old email's link keeps working (RFC 8058 asks for that).
 */
const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe.v1:${payload}`).digest('base64url');

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body: { e: string; k: string; u?: number } = {
    e: claim.email.toLowerCase(),
    k: claim.kind,
  };
  if (claim.userId !== undefined) body.u = claim.userId;
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claim of a token we signed, or null for anything else (malformed, forged, altered). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (!body || typeof body !== 'object') return null;
    const { e, k, u } = body as Record<string, unknown>;
    if (typeof e !== 'string' || typeof k !== 'string' || !e || !k) return null;
    if (u !== undefined && !Number.isInteger(u)) return null;
    return { email: e, kind: k, ...(u !== undefined ? { userId: u as number } : {}) };
  } catch {
    return null;
  }
}
