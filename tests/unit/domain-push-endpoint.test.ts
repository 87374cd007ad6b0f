import { BlockList, isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUSH_ENDPOINT_MAX } from '@/contracts/limits';
import { hostKind, isPublicAddress, parseIPv4, parseIPv6 } from '@/domain/ip-address';
import { checkPushEndpoint, endpointHost } from '@/domain/push-endpoint';

/**
 * The push endpoint rule (issue 22 item 5, decision 0053): https only, and never a host that
 * is private, loopback, link-local, multicast or unspecified, in any spelling. The address
 * rules are checked against node's own BlockList, filled here from the IANA registries
 * independently of the code under test.
 */
const oracle = new BlockList();
// Apart: a BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d).
const oracle6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast 224/4 and reserved 240/4
] as const) {
  oracle.addSubnet(net, prefix, 'ipv4');
}
// IPv6 outside global unicast 2000::/3, and the non-public blocks inside it.
for (const [net, prefix] of [
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  oracle6.addSubnet(net, prefix, 'ipv6');
}

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'));
const group = fc.nat(0xffff);
const ipv6Groups = fc.array(group, { minLength: 8, maxLength: 8 });
/** Node's canonical (compressed, lower-case) spelling of eight groups. */
const canonical6 = (groups: number[]) =>
  new URL(`http://[${groups.map((g) => g.toString(16)).join(':')}]/`).hostname.slice(1, -1);
/** Addresses that embed no IPv4 one (those are judged by it, below). */
const embedsNoIPv4 = (g: number[]) =>
  !(g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) &&
  !(g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0));
const plainIPv6 = ipv6Groups.filter(embedsNoIPv4);
/** Addresses in and around the interesting blocks, which uniform draws would rarely hit. */
const nearBlocks6 = fc
  .tuple(
    fc.constantFrom(
      0,
      0x1fff,
      0x2000,
      0x2001,
      0x2002,
      0x2600,
      0x3ffe,
      0x3fff,
      0xfc00,
      0xfe80,
      0xff02,
    ),
    fc.array(group, { minLength: 7, maxLength: 7 }),
  )
  .map(([first, rest]) => [first, ...rest])
  .filter(embedsNoIPv4);

describe('IP address rules', () => {
  it('agree with a BlockList of the IANA special-purpose blocks, for every IPv4 address', () => {
    fc.assert(
      fc.property(ipv4, (address) => {
        expect(isPublicAddress(address)).toBe(!oracle.check(address, 'ipv4'));
      }),
      { numRuns: 5000 },
    );
  });

  it('agree for IPv6 addresses, anywhere and near the blocks', () => {
    fc.assert(
      fc.property(fc.oneof(plainIPv6, nearBlocks6), (groups) => {
        const address = canonical6(groups);
        expect(isPublicAddress(address)).toBe(!oracle6.check(address, 'ipv6'));
      }),
      { numRuns: 5000 },
    );
  });

  it('judge IPv4-mapped and NAT64 addresses by the IPv4 address inside', () => {
    fc.assert(
      fc.property(ipv4, fc.constantFrom('::ffff:', '64:ff9b::'), (v4, prefix) => {
        const address = canonical6(parseIPv6(`${prefix}${v4}`)!);
        expect(isPublicAddress(address)).toBe(!oracle.check(v4, 'ipv4'));
      }),
      { numRuns: 2000 },
    );
  });

  it('parse any spelling node parses to the same groups, and nothing node refuses', () => {
    fc.assert(
      fc.property(ipv6Groups, (groups) => {
        expect(parseIPv6(canonical6(groups))).toEqual(groups);
        const full = groups.map((g) => g.toString(16).padStart(4, '0')).join(':');
        expect(parseIPv6(full)).toEqual(groups);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (text) => {
        const mine = parseIPv6(text) !== null;
        if (mine) expect(isIP(text.replace(/%.*$/, ''))).toBe(6);
        if (parseIPv4(text) !== null) expect(isIP(text)).toBe(4);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['10.1.2.3', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['100.100.100.100', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['8.8.8.8', true],
    ['142.250.74.106', true],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:8.8.8.8', true],
    ['::127.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['64:ff9b::808:808', true],
    ['2001:db8::1', false],
    ['2002:7f00:1::1', false],
    ['2001::1', false],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:80b::200a', true],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

const strict = { allowInsecure: false };

describe('push endpoint rule', () => {
  it('takes the endpoints browsers get from their push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH-abc_def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-xyz',
      'https://web.push.apple.com/QGuQyavXutnMH2Tq4kS0xL',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD',
      'https://8.8.8.8/push',
      'https://[2606:4700:4700::1111]/push',
    ]) {
      expect(checkPushEndpoint(endpoint, strict)).toMatchObject({ ok: true });
    }
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'not_https'],
    ['ftp://fcm.googleapis.com/x', 'not_https'],
    ['javascript:alert(1)', 'malformed'],
    ['https://localhost/push', 'private_address'],
    ['https://LOCALHOST./push', 'private_address'],
    ['https://push.localhost/push', 'private_address'],
    ['https://127.0.0.1/push', 'private_address'],
    ['https://127.1/push', 'private_address'],
    ['https://0/push', 'private_address'],
    ['https://0.0.0.0/push', 'private_address'],
    ['https://2130706433/push', 'private_address'],
    ['https://0x7f000001/push', 'private_address'],
    ['https://0x7f.0.0.1/push', 'private_address'],
    ['https://0177.0.0.1/push', 'private_address'],
    ['https://169.254.169.254/latest/meta-data', 'private_address'],
    ['https://[::1]/push', 'private_address'],
    ['https://[::]/push', 'private_address'],
    ['https://[::ffff:127.0.0.1]/push', 'private_address'],
    ['https://[::ffff:a9fe:a9fe]/push', 'private_address'],
    ['https://[fe80::1]/push', 'private_address'],
    ['https://[fd00::1]/push', 'private_address'],
    ['https://[ff02::1]/push', 'private_address'],
    ['https://10.0.0.1:8443/push', 'private_address'],
    ['https://224.0.0.1/push', 'private_address'],
    ['https://user:pass@fcm.googleapis.com/x', 'malformed'],
    ['not a url', 'malformed'],
    ['https://', 'malformed'],
    ['https://fcm.googleapis.com/a b', 'malformed'],
    [`https://fcm.googleapis.com/${'a'.repeat(PUSH_ENDPOINT_MAX)}`, 'malformed'],
  ])('refuses %s (%s)', (endpoint, problem) => {
    expect(checkPushEndpoint(endpoint, strict)).toEqual({ ok: false, problem });
  });

  it('lets the tests’ local stand-in through only with the insecure switch', () => {
    const local = 'http://127.0.0.1:4010/push/abc';
    expect(checkPushEndpoint(local, strict)).toEqual({ ok: false, problem: 'not_https' });
    expect(checkPushEndpoint(local, { allowInsecure: true })).toMatchObject({ ok: true });
  });

  it('refuses every IP literal that is not public, however it is written', () => {
    fc.assert(
      fc.property(fc.nat(0xffffffff), fc.constantFrom('dec', 'hex', 'dotted'), (n, style) => {
        const dotted = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
        const host = style === 'dec' ? String(n) : style === 'hex' ? `0x${n.toString(16)}` : dotted;
        const result = checkPushEndpoint(`https://${host}/p`, strict);
        expect(result.ok).toBe(!oracle.check(dotted, 'ipv4'));
      }),
      { numRuns: 3000 },
    );
  });

  it('logs only the host of an endpoint', () => {
    expect(endpointHost('https://fcm.googleapis.com/fcm/send/secret-token')).toBe(
      'fcm.googleapis.com',
    );
    expect(hostKind('fcm.googleapis.com')).toEqual({ kind: 'name', isPublic: null });
  });
});
