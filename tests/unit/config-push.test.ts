import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { ConfigError, loadConfig } from '@/server/config';
import { safeLookup } from '@/server/modules/push/safe-lookup';

/** Issue 22 item 5: the push configuration (VAPID keys and subject, the insecure switch). */
const dataDir = () => mkdtempSync(join(tmpdir(), 'darefund-push-config-'));

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR (mode 0600) and kept', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push.vapid;
    const file = join(dir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).push.vapid.publicKey).toBe(first.publicKey);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
  });

  it('are the same for servers starting at once on one DATA_DIR (and so is the session secret)', async () => {
    const dir = dataDir();
    // Every process loads first, then all read the config at the same moment.
    const startAt = Date.now() + 5000;
    const script = `import { loadConfig } from './src/server/config.ts';
while (Date.now() < ${startAt}) {}
const c = loadConfig({ DATA_DIR: ${JSON.stringify(dir)} });
console.log(c.push.vapid.publicKey + ' ' + c.sessionSecret);`;
    const run = promisify(execFile);
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () =>
        run('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: process.cwd(),
        }),
      ),
    );
    const answers = new Set(outputs.map((o) => o.stdout.trim()));
    expect(answers.size).toBe(1);
    expect([...answers][0]).toBe(
      `${loadConfig({ DATA_DIR: dir }).push.vapid.publicKey} ${loadConfig({ DATA_DIR: dir }).sessionSecret}`,
    );
  }, 60_000);

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, set together and a pair', () => {
    const keys = webPush.generateVAPIDKeys();
    const other = webPush.generateVAPIDKeys();
    const env = {
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    };
    expect(loadConfig(env).push.vapid).toMatchObject(keys);
    const refused = (extra: Record<string, string>, message: RegExp) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...extra })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...extra })).toThrow(message);
    };
    refused(
      { VAPID_PUBLIC_KEY: keys.publicKey },
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/,
    );
    refused({ VAPID_PRIVATE_KEY: keys.privateKey }, /must be set together/);
    refused(
      { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey },
      /does not belong to VAPID_PUBLIC_KEY/,
    );
    refused(
      { VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey },
      /VAPID_PUBLIC_KEY must be a P-256 public key/,
    );
    refused(
      { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'abc' },
      /VAPID_PRIVATE_KEY must be 32 bytes/,
    );
  });
});

describe('VAPID subject', () => {
  it('is VAPID_SUBJECT, else an https PUBLIC_URL, else a mailto: of MAIL_FROM', () => {
    const subject = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).push.vapid.subject;
    expect(subject({ VAPID_SUBJECT: 'mailto:ops@darefund.app' })).toBe('mailto:ops@darefund.app');
    expect(subject({ PUBLIC_URL: 'https://darefund.app' })).toBe('https://darefund.app');
    expect(subject({ PUBLIC_URL: 'http://localhost:3000' })).toBe('mailto:no-reply@darefund.local');
    expect(subject({ MAIL_FROM: 'Darefund <hello@darefund.app>' })).toBe(
      'mailto:hello@darefund.app',
    );
    for (const bad of ['ops@darefund.app', 'http://darefund.app', 'mailto:nobody']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: bad })).toThrow(
        /VAPID_SUBJECT/,
      );
    }
  });
});

describe('PUSH_ALLOW_INSECURE_ENDPOINTS', () => {
  it('is off by default and refused outside tests: it would let the server reach private addresses', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).push.allowInsecureEndpoints).toBe(false);
    const on = { DATA_DIR: dataDir(), PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' };
    expect(loadConfig({ ...on, NODE_ENV: 'test' }).push.allowInsecureEndpoints).toBe(true);
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ ...on, NODE_ENV })).toThrow(
        /PUSH_ALLOW_INSECURE_ENDPOINTS: only allowed with NODE_ENV=test/,
      );
    }
  });
});

describe("the push request's lookup", () => {
  const lookup = (answer: string[], allowPrivate = false, options: object = {}) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) => {
      safeLookup(
        async () => answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        allowPrivate,
      )('push.example.com', options as never, (error, address, family) =>
        resolve({ error, address, family }),
      );
    });

  it('hands the socket only the public addresses it checked', async () => {
    expect(await lookup(['93.184.216.34'])).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(
      await lookup(['2606:2800:220:1::1', '93.184.216.34'], false, { all: true }),
    ).toMatchObject({
      error: null,
      address: [
        { address: '2606:2800:220:1::1', family: 6 },
        { address: '93.184.216.34', family: 4 },
      ],
    });
    expect(
      await lookup(['2606:2800:220:1::1', '93.184.216.34'], false, { family: 4 }),
    ).toMatchObject({
      address: '93.184.216.34',
    });
  });

  it('refuses a name with any private answer (DNS rebinding), unless the tests allow it', async () => {
    for (const answer of [
      ['127.0.0.1'],
      ['93.184.216.34', '169.254.169.254'],
      ['::1'],
      ['::ffff:10.0.0.1'],
    ]) {
      const result = await lookup(answer);
      expect(result.error?.name, answer.join()).toBe('PrivateAddressError');
    }
    expect((await lookup(['127.0.0.1'], true)).address).toBe('127.0.0.1');
  });
});
