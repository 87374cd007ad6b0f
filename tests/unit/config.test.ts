import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mailerWarning, publicUrlWarning } from '@/server/config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'darefund-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.platformFeeBps).toBe(0);
    expect(config.env).toBe('production');
    expect(config.isDev).toBe(false);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('follows PORT in the default public URL and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://darefund.app/' }).publicUrl).toBe(
      'https://darefund.app',
    );
  });

  it('warns once at start, naming PUBLIC_URL, only when it is unset (issue 19)', () => {
    const unset = loadConfig({ DATA_DIR: dataDir(), PORT: '8080' });
    expect(publicUrlWarning(unset)).toMatch(/^PUBLIC_URL is not set: .*http:\/\/localhost:8080/);
    expect(publicUrlWarning(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: '' }))).toMatch(
      /^PUBLIC_URL is not set/,
    );
    const set = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://darefund.app' });
    expect(publicUrlWarning(set)).toBeNull();
  });

  it('warns at start that links cannot reach people without SMTP_URL, outside development (issue 20)', () => {
    expect(mailerWarning(loadConfig({ DATA_DIR: dataDir() }))).toMatch(/^SMTP_URL is not set: /);
    const dev = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' });
    expect(mailerWarning(dev)).toBeNull();
    const smtp = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(mailerWarning(smtp)).toBeNull();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PLATFORM_FEE_BPS', '-1'],
    ['SIMULATED_GATEWAY_LATENCY_MS', '-5'],
    ['SIMULATED_GATEWAY_LATENCY_MS', '1.5'],
    ['SIMULATED_GATEWAY_LATENCY_MS', '10001'],
    ['PUBLIC_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['NODE_ENV', 'staging'],
    ['SESSION_SECRET', 'short'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '127.0.0.1,proxy.example'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['METRICS_TOKEN', 'too-short-to-be-a-secret'],
    ['METRICS_TOKEN', 'a token with spaces in it, long enough though'],
    ['METRICS_PORT', '0'],
    ['METRICS_PORT', '65536'],
    ['METRICS_PORT', '3000'],
  ])('a bad %s stops startup with a message naming it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(name));
  });

  it('reads switches for the production adapters', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@h:5432/db',
      STRIPE_SECRET_KEY: 'sk_test_x',
      S3_BUCKET: 'media',
      SMTP_URL: 'smtp://localhost:25',
      SEED_DEMO: 'false',
      PLATFORM_FEE_BPS: '250',
    });
    expect(config.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(config.stripe.secretKey).toBe('sk_test_x');
    expect(config.s3.bucket).toBe('media');
    expect(config.mail.smtpUrl).toBe('smtp://localhost:25');
    expect(config.seedDemo).toBe(false);
    expect(config.platformFeeBps).toBe(250);
  });

  it('gives the simulated gateway no latency by default; SIMULATED_GATEWAY_LATENCY_MS sets it (issue 23)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).simulatedGatewayLatencyMs).toBe(0);
    const config = loadConfig({ DATA_DIR: dataDir(), SIMULATED_GATEWAY_LATENCY_MS: '50' });
    expect(config.simulatedGatewayLatencyMs).toBe(50);
  });

  it('serves no metrics by default; METRICS_TOKEN and METRICS_PORT turn them on (decision 0051)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toEqual({});
    expect(
      loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '', METRICS_PORT: '' }).metrics,
    ).toEqual({});
    const token = 'prometheus-scrapes-with-this-0123456789';
    const config = loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token, METRICS_PORT: '9464' });
    expect(config.metrics).toEqual({ token, port: 9464 });
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses', () => {
    const trustProxy = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });
});
