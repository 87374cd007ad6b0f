// Relative: the server bundle and drizzle-kit load domain files without the `@/` alias.
import { PUSH_ENDPOINT_MAX } from '../contracts/limits';
import { hostKind } from './ip-address';

/**
 * Where the server may send a push (decision 0053). A subscription's endpoint is a URL the
 * browser got from its push service; the server POSTs to it, so a made-up one must not point
 * the server at its own network. Checked when the subscription is registered (the literal
 * host) and again right before each send, where the resolved addresses are checked too
 * (modules/push/safe-lookup.ts): a name may resolve to 127.0.0.1.
 *
 * `allowInsecure` (PUSH_ALLOW_INSECURE_ENDPOINTS, tests only) lets a local plain-http
 * stand-in of a push service be used; it is refused outside NODE_ENV=test by config.ts.
 */
export type PushEndpointProblem = 'malformed' | 'not_https' | 'private_address';

export type PushEndpointRules = { allowInsecure: boolean };

/** Printable ASCII without spaces: what browsers' endpoints are made of. */
const ENDPOINT_CHARACTERS = /^[\x21-\x7e]+$/;

/** A parsed endpoint, or why it is refused. */
export function checkPushEndpoint(
  endpoint: string,
  rules: PushEndpointRules,
): { ok: true; url: URL } | { ok: false; problem: PushEndpointProblem } {
  if (endpoint.length > PUSH_ENDPOINT_MAX || !ENDPOINT_CHARACTERS.test(endpoint)) {
    return { ok: false, problem: 'malformed' };
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  // Credentials in the URL would be sent along; no push service uses them.
  if (url.username || url.password || url.hostname === '') {
    return { ok: false, problem: 'malformed' };
  }
  if (url.protocol !== 'https:' && !(rules.allowInsecure && url.protocol === 'http:')) {
    return { ok: false, problem: 'not_https' };
  }
  if (!rules.allowInsecure && !mayBePublicHost(url.hostname)) {
    return { ok: false, problem: 'private_address' };
  }
  return { ok: true, url };
}

/**
 * False for a host known not to be public without asking a resolver: a private, loopback,
 * link-local, multicast or unspecified IP literal, and localhost names (RFC 6761: they
 * always resolve to loopback). Any other name may be public; the send-time check resolves it.
 */
export function mayBePublicHost(hostname: string): boolean {
  const host = hostKind(hostname);
  if (host.kind !== 'name') return host.isPublic;
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name !== 'localhost' && !name.endsWith('.localhost');
}

/** The host of an endpoint, which is all a log line may show of it (the path is a secret). */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
