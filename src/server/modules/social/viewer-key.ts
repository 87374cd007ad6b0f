import { createHmac } from 'node:crypto';

export type Viewer = { userId?: number; ip: string; userAgent?: string };

/**
 * Who counts as one viewer: a signed-in user by id; an anonymous visitor by IP and browser.
 * The anonymous key is keyed with the server secret so the stored value cannot be turned
 * back into an IP address by trying all of them.
 */
export function viewerKey(secret: string, viewer: Viewer): string {
  if (viewer.userId !== undefined) return `u:${viewer.userId}`;
  const digest = createHmac('sha256', secret)
    .update(`${viewer.ip}\n${viewer.userAgent ?? ''}`)
    .digest('base64url');
  return `a:${digest}`;
}

/** Views count once per UTC day, whatever the server's time zone. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
