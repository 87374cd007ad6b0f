/**
 * Which IP addresses are public (globally reachable unicast), for the push endpoint rule
 * (decision 0053): the server sends to an address a user gave it, and must never be turned
 * into a forwarder to its own network. Pure: the registration check (literal hosts) and the
 * send-time check (every address a name resolves to) both use it.
 *
 * IPv4 and IPv6 follow IANA's special-purpose registries, refusing what is not globally
 * reachable; an IPv6 address that embeds an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, the NAT64
 * prefix 64:ff9b::/96) is judged by the IPv4 address. Other IPv6 addresses must be in global
 * unicast 2000::/3, outside the documentation, 6to4 and IETF protocol blocks.
 */

/** A dotted-quad IPv4 address as a 32-bit number, or null. Only the canonical form: no octal. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/**
 * An IPv6 address (no brackets; a zone such as %eth0 is dropped) as its eight 16-bit groups,
 * or null. Takes '::' compression and a trailing dotted IPv4 part (::ffff:127.0.0.1).
 */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/%[^%]*$/, '');
  if (address.length === 0 || address.length > 45) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const pieces = part.split(':');
    const groups: number[] = [];
    for (const [i, piece] of pieces.entries()) {
      if (last && i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIPv4(piece);
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  if (halves.length === 1) {
    const groups = groupsOf(address, true);
    return groups && groups.length === 8 ? groups : null;
  }
  const head = groupsOf(halves[0]!, false);
  const tail = groupsOf(halves[1]!, true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

type Block4 = readonly [base: string, prefix: number];

/** IPv4 blocks that are not globally reachable (IANA IPv4 special-purpose registry). */
export const NON_PUBLIC_IPV4: readonly Block4[] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const v4Blocks = NON_PUBLIC_IPV4.map(([base, prefix]) => {
  const size = 2 ** (32 - prefix);
  return { start: parseIPv4(base)!, size };
});

export function isPublicIPv4(value: number): boolean {
  return !v4Blocks.some(({ start, size }) => value >= start && value < start + size);
}

type Block6 = readonly [groups: readonly number[], prefix: number];

/** Inside global unicast 2000::/3, the blocks that are still not public. */
export const NON_PUBLIC_GLOBAL_IPV6: readonly Block6[] = [
  [[0x2001, 0], 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, ...)
  [[0x2001, 0x0db8], 32], // documentation
  [[0x2002], 16], // 6to4: whatever IPv4 address it wraps
  [[0x3fff, 0], 20], // documentation (RFC 9637)
];

function inBlock6(groups: readonly number[], [base, prefix]: Block6): boolean {
  for (let bit = 0; bit < prefix; bit += 16) {
    const width = Math.min(16, prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    const index = bit / 16;
    if (((groups[index] ?? 0) & mask) !== ((base[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 one stands for (IPv4-mapped, NAT64 well-known prefix), or null. */
export function embeddedIPv4(groups: readonly number[]): number | null {
  const low = groups[6]! * 65536 + groups[7]!;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  return mapped || nat64 ? low : null;
}

export function isPublicIPv6(groups: readonly number[]): boolean {
  const v4 = embeddedIPv4(groups);
  if (v4 !== null) return isPublicIPv4(v4);
  // 2000::/3: the first three bits are 001.
  if ((groups[0]! & 0xe000) !== 0x2000) return false;
  return !NON_PUBLIC_GLOBAL_IPV6.some((block) => inBlock6(groups, block));
}

export type HostKind =
  | { kind: 'ipv4' | 'ipv6'; isPublic: boolean }
  | { kind: 'name'; isPublic: null };

/**
 * What a URL's hostname is: an IP literal (public or not) or a name, whose addresses only a
 * resolver can tell. Takes a WHATWG URL's hostname, which has already turned every other
 * IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 0) into the dotted quad; IPv6 comes bracketed.
 */
export function hostKind(hostname: string): HostKind {
  if (hostname.startsWith('[') && hostname.endsWith(']')) {
    const groups = parseIPv6(hostname.slice(1, -1));
    return { kind: 'ipv6', isPublic: groups !== null && isPublicIPv6(groups) };
  }
  const v4 = parseIPv4(hostname);
  if (v4 !== null) return { kind: 'ipv4', isPublic: isPublicIPv4(v4) };
  return { kind: 'name', isPublic: null };
}

/** An address as a resolver answers it (no brackets): public unicast, or not (unparsable too). */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return isPublicIPv4(v4);
  const v6 = parseIPv6(address);
  return v6 !== null && isPublicIPv6(v6);
}
