/**
 * Addresses no one can receive mail at: the names RFC 2606 and RFC 6761 reserve for
 * documentation and tests (top-level .example, .test, .invalid, .localhost, and the
 * example.com / .net / .org domains). Demo accounts live under demo.darefund.example, and
 * the outbox never sends to any of these (decision 0030).
 */
const RESERVED_TOP_LEVEL = new Set(['example', 'test', 'invalid', 'localhost']);
/**
 * demo.darefund.app is ours and receives nothing: the demo moderator the issue names
 * (mod@demo.darefund.app, issue 21) and older installs' demo accounts live there.
 */
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org', 'demo.darefund.app'];

export function isReservedEmailAddress(address: string): boolean {
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const topLevel = domain.slice(domain.lastIndexOf('.') + 1);
  if (RESERVED_TOP_LEVEL.has(topLevel)) return true;
  return RESERVED_DOMAINS.some((name) => domain === name || domain.endsWith(`.${name}`));
}
