import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';

/**
 * A browser's side of Web Push, written from the RFCs with node:crypto only (no web-push,
 * no http_ece), so the server's encryption is checked by an independent implementation:
 * the subscription's P-256 key pair and 16-byte auth secret, as PushManager.subscribe
 * makes them, and the decryption of an `aes128gcm` push body (RFC 8291 over RFC 8188).
 */
export type PushSubscriber = {
  /** The JSON a browser POSTs (PushSubscription.toJSON()). */
  subscription: (endpoint: string) => {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
  decrypt: (body: Buffer) => Buffer;
};

export function newPushSubscriber(): PushSubscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey(); // 65 bytes, uncompressed
  const authSecret = randomBytes(16);
  return {
    subscription: (endpoint) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    }),
    decrypt: (body) => decryptAes128gcm(body, { ecdh, uaPublic, authSecret }),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

function decryptAes128gcm(
  body: Buffer,
  keys: { ecdh: ReturnType<typeof createECDH>; uaPublic: Buffer; authSecret: Buffer },
): Buffer {
  // RFC 8188 section 2.1: salt (16) | record size (uint32) | idlen (1) | keyid (idlen).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  // RFC 8291 section 4: the key id is the application server's ephemeral public key.
  const asPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || asPublic[0] !== 0x04) throw new Error('keyid is not a P-256 point');
  if (recordSize < 18) throw new Error('record size too small');
  const ciphertext = body.subarray(21 + idLength);

  // RFC 8291 section 3.3/3.4: the input keying material from ECDH and the auth secret.
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    keys.uaPublic,
    asPublic,
  ]);
  const ikm = hkdf(keys.authSecret, ecdhSecret, keyInfo, 32);
  // RFC 8188 section 2.2/2.3: the content encryption key and the nonce base.
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  const nonceBase = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);

  const plain: Buffer[] = [];
  const records = Math.ceil(ciphertext.length / recordSize);
  for (let seq = 0; seq < records; seq += 1) {
    const record = ciphertext.subarray(seq * recordSize, (seq + 1) * recordSize);
    const nonce = Buffer.from(nonceBase);
    // The nonce is the base XOR the record's sequence number (96-bit big-endian; the
    // sequence fits the last 32 bits).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // RFC 8188 section 2: data, a delimiter (2 in the last record, 1 before), zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const last = seq === records - 1;
    if (padded[end] !== (last ? 2 : 1)) throw new Error(`bad padding delimiter in record ${seq}`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** What a VAPID Authorization header (RFC 8292) says, once its signature is verified. */
export type VapidClaims = { aud: string; exp: number; sub: string; publicKey: string };

/**
 * Reads `vapid t=<JWT>, k=<public key>` and verifies the JWT's ES256 signature with `k`
 * (node:crypto, raw r||s signature). Throws when anything does not hold.
 */
export function verifyVapidHeader(authorization: string | undefined): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header64, claims64, signature64] = jwt.split('.');
  if (!header64 || !claims64 || !signature64) throw new Error('not a JWT');
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString());
  if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k is not a P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header64}.${claims64}`);
  const signature = Buffer.from(signature64, 'base64url');
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Error('VAPID signature does not verify');
  }
  const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString());
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: k };
}
