import { createECDH } from 'node:crypto';
import { join } from 'node:path';
import { decodeBase64Url, isP256PublicKey } from '@/domain/push-keys';
import { readOrCreateOnce } from './lib/persisted-file';

/**
 * The VAPID keys the server signs its pushes with (RFC 8292, decision 0053): a P-256 key
 * pair, base64url as web-push takes them (public: 65-byte uncompressed point, private:
 * 32 bytes). Browsers subscribe with the public key, and a push service takes pushes for
 * that subscription only when signed with its private twin: the pair must never change
 * under existing subscriptions, hence generated once and kept in DATA_DIR.
 */
export type VapidKeys = { publicKey: string; privateKey: string };

/** Why a key pair is unusable, or null. */
export function vapidKeysProblem(keys: VapidKeys): string | null {
  const publicKey = decodeBase64Url(keys.publicKey);
  if (!/^[A-Za-z0-9_-]+$/.test(keys.publicKey) || !publicKey || !isP256PublicKey(publicKey)) {
    return 'VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes, base64url without padding';
  }
  const privateKey = decodeBase64Url(keys.privateKey);
  if (!/^[A-Za-z0-9_-]+$/.test(keys.privateKey) || !privateKey || privateKey.length !== 32) {
    return 'VAPID_PRIVATE_KEY must be 32 bytes, base64url without padding';
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    if (!ecdh.getPublicKey().equals(publicKey)) {
      return 'VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY';
    }
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return null;
}

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A private key with leading zero bytes comes out shorter: web-push wants all 32.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}

/**
 * Without VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY a pair is generated once into
 * DATA_DIR/vapid-keys.json (like the session secret; concurrent starts agree on one).
 */
export function persistedVapidKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, 'vapid-keys.json');
  const text = readOrCreateOnce(file, () => `${JSON.stringify(generateVapidKeys())}\n`);
  let keys: VapidKeys;
  try {
    keys = JSON.parse(text) as VapidKeys;
  } catch {
    throw new Error(`${file} is not valid JSON`);
  }
  const problem = vapidKeysProblem(keys);
  if (problem) throw new Error(`${file}: ${problem.replace(/VAPID_(PUBLIC|PRIVATE)_KEY/g, 'key')}`);
  return keys;
}

/**
 * Who runs this server, for push services to contact (the JWT's `sub`): VAPID_SUBJECT, else
 * PUBLIC_URL when it is https, else a mailto: of MAIL_FROM's address. It must be https: or
 * mailto: (web-push refuses anything else).
 */
export function vapidSubject(options: {
  subject?: string;
  publicUrl: string;
  mailFrom: string;
}): string {
  if (options.subject) return options.subject;
  if (options.publicUrl.startsWith('https://')) return options.publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(options.mailFrom)?.[1] ?? options.mailFrom.trim();
  return `mailto:${address}`;
}

/** True for a subject web-push and push services take: mailto:someone@host or an https URL. */
export function isVapidSubject(value: string): boolean {
  if (/^mailto:[^@\s]+@[^@\s]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}
