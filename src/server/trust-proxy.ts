import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * TRUST_PROXY (DESIGN.md section 9): whose X-Forwarded-For to believe. Off by default, so the
 * client address is the socket's and nobody can pick their own by sending the header. A hop
 * count trusts that many proxies in front of the app; an address list trusts exactly those
 * proxies (addresses, CIDR ranges, or proxy-addr's names loopback, linklocal, uniquelocal).
 * Parsed by config.ts, the only reader of the environment; handed to Fastify's `trustProxy`.
 */
export type TrustProxy = false | number | string[];

const OFF = new Set(['', 'false', 'off', 'no', '0']);
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const HINT = 'must be a hop count (e.g. 1) or proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)';

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || !/^\d{1,3}$/.test(bits ?? '')) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

export const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = (value ?? '').trim().toLowerCase();
    if (OFF.has(text)) return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry && isAddressOrRange(entry))) return entries;
    ctx.addIssue({ code: 'custom', message: HINT });
    return z.NEVER;
  });

/** Fastify's `trustProxy` for the setting (a hop count as proxy-addr's hop test). */
export function fastifyTrustProxy(setting: TrustProxy) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
