import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '@/domain/ip-address';

/** The resolver underneath: node's (getaddrinfo), or a test's stand-in. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    const options: LookupAllOptions = { all: true };
    dnsLookup(hostname, options, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/** A push endpoint's name resolved to an address the server must not reach (decision 0053). */
export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPUSHPRIVATE';
}

/**
 * A `lookup` for the push request's socket: it resolves the name and hands the socket only
 * addresses that are public, so the address checked is the address connected to (no window
 * for a DNS answer to change between a check and the connection). Any private answer
 * refuses the whole name: a push service has no reason to resolve to one.
 * `allowPrivate`: the tests' stand-in on 127.0.0.1 (PUSH_ALLOW_INSECURE_ENDPOINTS).
 */
export function safeLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((found) => {
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (addresses.length === 0) {
          const error = Object.assign(new Error(`no address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          throw error;
        }
        if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
          throw new PrivateAddressError(`${hostname} resolves to a non-public address`);
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}
