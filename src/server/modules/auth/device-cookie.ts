import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';

/**
 * OWASP's device cookie ("Slow down online guessing attacks with device cookies"): a browser
 * where an account signed in gets a signed cookie naming that account and a random device id.
 * At the next login of that account from that browser, failures count against the device
 * alone, so a stranger's guesses (which lock the account's shared counter) never lock out
 * the owner's own browser. It is not a login: it only chooses which counter an attempt uses.
 * It outlives sign-out and is sent only to the login route.
 */
export const DEVICE_COOKIE = 'did';
const DEVICE_COOKIE_PATH = '/api/login';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type DeviceClaim = { userId: number; deviceId: string };

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`device.v1:${payload}`).digest('base64url');

export function issueDeviceToken(secret: string, userId: number): string {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The claim of a device cookie we signed, or null for anything else. */
export function readDeviceToken(secret: string, token: string | undefined): DeviceClaim | null {
  if (!token || token.length > 200) return null;
  const [user, deviceId, signature, extra] = token.split('.');
  if (!user || !deviceId || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, `${user}.${deviceId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const userId = Number(user);
  return Number.isSafeInteger(userId) && userId > 0 ? { userId, deviceId } : null;
}

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
