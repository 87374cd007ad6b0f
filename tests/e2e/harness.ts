import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = join(repoRoot, 'test-results', 'e2e');

export const VIEWPORT = { width: 390, height: 844 } as const;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const STARTUP_TIMEOUT_MS = 90_000;

export interface Harness {
  baseUrl: string;
  /** The SMTP server the app sends through (mail to reserved domains never arrives). */
  mail: SmtpSink;
  browser: Browser;
  /**
   * A fresh browser profile (own cookies) at the phone viewport; `options.permissions` adds
   * to the harness's own (e.g. 'clipboard-read', 'clipboard-write'). The app's service worker
   * is blocked unless `options.serviceWorkers` is 'allow' (installable-app.e2e.test.ts): a
   * page it controls gets precached code past `page.route`, and its precaching would add a
   * download of the whole build to every test.
   */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** Saves test-results/e2e/<name>.png. */
  screenshot: (page: Page, name: string) => Promise<void>;
  /** The server's recent output, for failure messages. */
  serverLog: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Only what the server needs from this environment, so local settings don't leak in. */
function serverEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].includes(key) || key.startsWith('PG')) {
      env[key] = value;
    }
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

async function waitForServer(baseUrl: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${log()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/user`);
      if (response.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer GET /api/user with 401 in time:\n${log()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface HarnessOptions {
  /**
   * Chromium's synthetic camera and microphone, allowed without a prompt; pages get the
   * camera and microphone permissions. For tests of recording features.
   */
  fakeMedia?: boolean;
  /** Seed the demo users and dares with their videos (SEED_DEMO=true), as a first start does. */
  seedDemo?: boolean;
  /**
   * NODE_ENV=development: the server adds its development routes (/dev/mail, /api/dev/*).
   * The page is still the production build, which has no automatic test login (that lives
   * behind Vite's import.meta.env.DEV), so tests sign in themselves as in production.
   */
  development?: boolean;
  /**
   * false: the server has no mailer (no SMTP_URL), as a deployment without one: email stays
   * in the outbox, which needs `development` to be read (/api/dev/mail).
   */
  mailer?: boolean;
  /**
   * The server's environment beyond the harness's own; undefined removes a variable (e.g.
   * `{ PUBLIC_URL: undefined }` runs on its default, http://localhost:PORT, while the browser
   * uses 127.0.0.1).
   */
  env?: Record<string, string | undefined>;
  /**
   * Serve another copy of the built app (deploy-copy.ts) instead of this checkout's dist/:
   * a test may then change its files as a new deploy would.
   */
  projectRoot?: string;
}

const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * The production build (`npm run build`) on a free port with a fresh DATA_DIR and database,
 * plus a headless Chromium.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const root = options.projectRoot ?? repoRoot;
  const serverEntry = join(root, 'dist', 'server', 'main.js');
  if (!existsSync(serverEntry) || !existsSync(join(root, 'dist', 'web', 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm run test:e2e does).');
  }
  await mkdir(screenshotDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'darefund-e2e-'));
  const databaseUrl = process.env.DATABASE_URL ? await createTestDatabase() : undefined;

  const mail = await startSmtpSink();
  const mailer = options.mailer !== false;
  if (!mailer && !options.development) throw new Error('mailer: false needs development: true');
  sinks.set(baseUrl, mailer ? mail : 'outbox');
  const output: string[] = [];
  const log = () => output.slice(-60).join('');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: serverEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: options.development ? 'development' : 'production',
      SEED_DEMO: options.seedDemo ? 'true' : 'false',
      // registerViaApi gives each account its own address (registrations are limited per
      // address); the browser's own requests come without the header, from 127.0.0.1.
      TRUST_PROXY: 'loopback',
      // Email (verification links) reaches the harness's SMTP server within a moment.
      ...(mailer ? { SMTP_URL: mail.url } : {}),
      JOBS_POLL_MS: '200',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const stop = async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await browser?.close().catch(() => undefined);
    await stopProcess(child);
    await dropTestDatabase(databaseUrl).catch(() => undefined);
    await mail.close();
    sinks.delete(baseUrl);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForServer(baseUrl, child, log);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        // Videos may start with sound, as they do once a real visitor has interacted.
        '--autoplay-policy=no-user-gesture-required',
        ...(options.fakeMedia ? FAKE_MEDIA_ARGS : []),
      ],
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const launched = browser;

  return {
    baseUrl,
    mail,
    browser: launched,
    newPage: async (contextOptions = {}) => {
      const permissions = [
        ...(options.fakeMedia ? ['camera', 'microphone'] : []),
        ...(contextOptions.permissions ?? []),
      ];
      const context = await launched.newContext({
        viewport: VIEWPORT,
        baseURL: baseUrl,
        serviceWorkers: 'block',
        ...contextOptions,
        permissions,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    screenshot: async (page, name) => {
      await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
    },
    serverLog: log,
    stop,
  };
}

let counter = 0;

/** A new, unused account identity. */
export function uniqueUser(prefix = 'e2e') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { email: `${prefix}-${tag}@${E2E_MAIL_DOMAIN}`, password: `pw-${tag}-secret` };
}

/** Not a reserved domain, so the app sends to it; only the harness's SMTP server gets it. */
export const E2E_MAIL_DOMAIN = 'inbox.darefund.app';
/** Where each harness's mail can be read: its SMTP server, or the outbox (no mailer). */
const sinks = new Map<string, SmtpSink | 'outbox'>();

/** The messages sent so far: the SMTP server's, or the outbox's through /api/dev/mail. */
async function mailSoFar(baseUrl: string): Promise<Array<{ to: string[]; text: string }>> {
  const sink = sinks.get(baseUrl);
  if (!sink) throw new Error(`no harness at ${baseUrl}`);
  if (sink !== 'outbox')
    return [...sink.messages].reverse().map((m) => ({ to: m.envelopeTo, text: m.text }));
  const response = await fetch(`${baseUrl}/api/dev/mail`);
  const { items } = (await response.json()) as { items: Array<{ to: string; text: string }> };
  return items.map((m) => ({ to: [m.to.toLowerCase()], text: m.text }));
}

/** The token of the newest email to `to` linking to `/{page}?token=`, once it has arrived. */
export async function linkTokenFromMail(
  baseUrl: string,
  to: string,
  page: 'verify-email' | 'reset-password',
): Promise<string> {
  const pattern = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`);
  for (let waited = 0; waited < 15_000; waited += 100) {
    for (const message of await mailSoFar(baseUrl)) {
      const token = message.to.includes(to) ? pattern.exec(message.text)?.[1] : undefined;
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no /${page} email to ${to} arrived`);
}

/**
 * Creates an account straight through the API (no browser session), its address verified
 * through the link of its verification email unless `verified: false` (DESIGN.md section 9).
 */
export async function registerViaApi(
  baseUrl: string,
  user: { email: string; password: string; displayName?: string },
  options: { verified?: boolean } = {},
) {
  counter += 1;
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.0.${counter >> 8}.${counter & 255}`,
    },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  if (response.status !== 201) {
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  }
  const registered = (await response.json()) as { id: number; username: string };
  if (options.verified !== false && sinks.has(baseUrl)) {
    const token = await linkTokenFromMail(baseUrl, user.email.toLowerCase(), 'verify-email');
    const verified = await fetch(`${baseUrl}/api/account/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${await verified.text()}`);
  }
  return registered;
}
