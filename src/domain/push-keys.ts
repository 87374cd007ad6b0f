/**
 * The keys of a Web Push subscription (RFC 8291): `p256dh`, the browser's P-256 public key as
 * an uncompressed point (65 bytes: 0x04, x, y), and `auth`, a 16-byte secret; both base64url.
 * A key that is not on the curve would make every send fail at the ECDH step, so it is
 * refused when the subscription is registered (400), checked here with plain arithmetic.
 */

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes of a base64url text (padding optional), or null when it is not base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null;
  const body = text.replace(/=+$/, '');
  // A length of 1 mod 4 cannot come from any bytes.
  if (body.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of body) {
    // Only the last few bits are ever needed: keep the number small.
    buffer = ((buffer << 6) | ALPHABET.indexOf(char)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  // Leftover bits must be zero, or two texts would decode to the same bytes.
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return Uint8Array.from(bytes);
}

/** The key as stored and sent: base64url without padding (what web-push expects). */
export const canonicalKey = (text: string) => text.replace(/=+$/, '');

// NIST P-256 (secp256r1): y^2 = x^3 - 3x + b over the prime field p.
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const toBigInt = (bytes: Uint8Array) =>
  bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
const mod = (value: bigint) => ((value % P) + P) % P;

/** True for 65 bytes that are an uncompressed point on P-256. */
export function isP256PublicKey(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = toBigInt(bytes.subarray(1, 33));
  const y = toBigInt(bytes.subarray(33, 65));
  if (x >= P || y >= P) return false;
  return mod(y * y) === mod(x * x * x - 3n * x + B);
}

export const AUTH_SECRET_BYTES = 16;

export type PushKeyProblem = 'p256dh' | 'auth';

/** Which key of a subscription is not what a browser makes, or null when both are. */
export function pushKeyProblem(keys: { p256dh: string; auth: string }): PushKeyProblem | null {
  const p256dh = decodeBase64Url(keys.p256dh);
  if (!p256dh || !isP256PublicKey(p256dh)) return 'p256dh';
  const auth = decodeBase64Url(keys.auth);
  if (!auth || auth.length !== AUTH_SECRET_BYTES) return 'auth';
  return null;
}
