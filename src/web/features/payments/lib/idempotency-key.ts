/**
 * A fresh key per user action, so a retried request makes one pledge. crypto.randomUUID only
 * exists in secure contexts; a plain-http deployment still gets 122 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
