// `npm run bench:lighthouse`: Lighthouse with its default (mobile) settings - a phone screen,
// simulated slow 4G and a 4x slower CPU - on the built app's screens: the feed `/`, a dare
// `/dares/{id}`, `/trending`, `/profile` signed in, and (issue 23) `/discover`, its search
// (`/discover?q=...`: the app's search lives in Discover, there is no /search route),
// `/users/{id}`, `/achievements`, and `/inbox` and `/dare-requests` signed in as the demo's
// Maya. The server is the production build (`node dist/server/main.js`) on a temp DATA_DIR
// with the demo seed, PGlite.
// Each page is run RUNS times; the rows show the median run (Lighthouse's own choice: the run
// nearest the median FCP and TTI) and every run's performance score.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { readManifest, routeChunkResolver } from '../src/server/modules/web-pages/route-chunks';
import { DEMO_PASSWORD } from '../src/server/seed/demo-data';
import { INITIAL_JS_BUDGET_BYTES, kib, measureInitialJs } from '../tests/support/initial-js';
import { startAppServer } from './lib/app-server';
import { type BenchRow, isMain, printRows, row } from './lib/report';

const AREA = '3 Lighthouse';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// Optional: a folder to keep every run's report JSON in (for the trace and the audit details).
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR;
// Optional: a comma-separated subset of the pages' short names: feed, dares, trending, profile,
// discover, search, users, achievements, inbox, dare-requests (e.g. 'discover,search').
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CLS_MAX = 0.05;
/** A search the demo seed answers with people and dares. */
const SEARCH_QUERY = 'challenge';

/** A new account's session cookie (`sid=...`), for the signed-in /profile. */
async function registerUser(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `lighthouse-${Date.now()}@example.com`,
      displayName: 'Lighthouse',
      password: 'lighthouse-bench',
      confirmPassword: 'lighthouse-bench',
    }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('sid='));
  if (!response.ok || !cookie) throw new Error(`Register answered ${response.status}`);
  return cookie.split(';')[0]!;
}

/** The demo account Maya's session cookie: her inbox and requests are the seed's. */
async function logInDemo(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'maya@demo.darefund.example', password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('sid='));
  if (!response.ok || !cookie) throw new Error(`Log in answered ${response.status}`);
  return cookie.split(';')[0]!;
}

/** The feed's first dare and its creator (a demo user, for /users/{id}). */
async function firstDare(baseUrl: string): Promise<{ id: number; creatorId: number }> {
  const page = (await (await fetch(`${baseUrl}/api/dares`)).json()) as {
    items: Array<{ id: number; creatorId: number }>;
  };
  const first = page.items[0];
  if (!first) throw new Error('The demo seed left the feed empty');
  return first;
}

/** `short`: the name LIGHTHOUSE_PAGES selects it by, and its saved reports' file names. */
type Page = { name: string; short: string; path: string; cookie?: string };

async function auditOnce(url: string, port: number, cookie?: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result;
}

/**
 * One Lighthouse run. A run whose trace recording failed (NO_NAVSTART, NO_FCP: Lighthouse's
 * own advice is to run it again) is repeated, at most twice; the page's figures are never
 * taken from a failed run.
 */
async function audit(
  url: string,
  port: number,
  cookie?: string,
): Promise<{ lhr: Result; trace: unknown }> {
  for (let attempt = 1; ; attempt++) {
    const result = await auditOnce(url, port, cookie);
    const failure = result.lhr.runtimeError;
    if (!failure) return { lhr: result.lhr, trace: result.artifacts.Trace };
    if (attempt === 3) throw new Error(`${url}: ${failure.code} ${failure.message}`);
    console.log(`${url}: ${failure.code}, running it again`);
  }
}

const score = (lhr: Result, category: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The first few offending elements or messages of an audit, one line each. */
function detailItems(details: unknown): string[] {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  return items.slice(0, 4).map((item) => {
    const node = item.node as { snippet?: string; explanation?: string } | undefined;
    const what =
      node?.snippet ?? item.description ?? item.url ?? item.source ?? JSON.stringify(item);
    const why = node?.explanation ? ` - ${node.explanation.split('\n').slice(0, 2).join(' ')}` : '';
    return `      ${String(what).slice(0, 200)}${why.slice(0, 200)}`;
  });
}

/** What to fix: the audits that cost a category its points, with the figures they report. */
function failingAudits(lhr: Result): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    if (!entry || (entry.score ?? 0) >= 1) continue;
    for (const ref of entry.auditRefs) {
      const result = lhr.audits[ref.id];
      if (!result || result.score === null || result.scoreDisplayMode === 'notApplicable') continue;
      // Performance lists its metrics and every opportunity; show the ones below "good".
      const failed = category === 'performance' ? result.score < 0.9 : result.score < 1;
      if (!failed) continue;
      if (category !== 'performance' && ref.weight === 0) continue;
      const value = result.displayValue ? ` (${result.displayValue})` : '';
      lines.push(`  ${category}: ${ref.id} - ${result.title}${value}`);
      if (category !== 'performance') lines.push(...detailItems(result.details));
    }
  }
  return lines;
}

function rowsFor(page: Page, runs: Result[]): BenchRow[] {
  const median = computeMedianRun(runs);
  const n = `median of ${runs.length} run${runs.length > 1 ? 's' : ''}`;
  const all = (category: (typeof CATEGORIES)[number]) =>
    runs.length > 1 ? ` (runs: ${runs.map((lhr) => score(lhr, category)).join(', ')})` : '';
  const categoryRow = (category: (typeof CATEGORIES)[number], label: string) => {
    const value = score(median, category);
    const target = TARGETS[category];
    return row(
      AREA,
      `${page.name} ${label}, ${n}`,
      `${value}${all(category)}`,
      target === 100 ? '100' : `>= ${target}`,
      value >= target,
    );
  };
  const clsRuns = runs.map((lhr) => numeric(lhr, 'cumulative-layout-shift'));
  const cls = numeric(median, 'cumulative-layout-shift');
  return [
    categoryRow('performance', 'performance'),
    categoryRow('accessibility', 'accessibility'),
    categoryRow('best-practices', 'best practices'),
    categoryRow('seo', 'SEO'),
    row(
      AREA,
      `${page.name} CLS, ${n}`,
      `${cls.toFixed(3)}${runs.length > 1 ? ` (worst ${Math.max(...clsRuns).toFixed(3)})` : ''}`,
      `<= ${CLS_MAX}`,
      cls <= CLS_MAX,
    ),
    row(
      AREA,
      `${page.name} FCP / LCP / TBT, ${n}`,
      `${seconds(numeric(median, 'first-contentful-paint'))} / ${seconds(
        numeric(median, 'largest-contentful-paint'),
      )} / ${Math.round(numeric(median, 'total-blocking-time'))} ms`,
    ),
  ];
}

/** Informational: what the server adds per screen (modulepreloads loading beside the entry). */
function routeChunkRows(webRoot: string): BenchRow[] {
  const chunksFor = routeChunkResolver(readManifest(webRoot));
  return [
    ['/', '/'],
    ['/dares/{id}', '/dares/1'],
    ['/trending', '/trending'],
    ['/profile', '/profile'],
    ['/discover', '/discover'],
    ['/users/{id}', '/users/1'],
    ['/achievements', '/achievements'],
    ['/inbox', '/inbox'],
    ['/dare-requests', '/dare-requests'],
  ].map(([name, path]) => {
    const files = chunksFor(path!);
    const bytes = files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length,
      0,
    );
    return row(
      AREA,
      `${name} screen chunks preloaded with the page (gzip -9)`,
      `${kib(bytes)} in ${files.length} file(s)`,
    );
  });
}

function initialJsRows(): BenchRow[] {
  const webRoot = join('dist', 'web');
  const measured = measureInitialJs(readFileSync(join(webRoot, 'index.html'), 'utf8'), webRoot);
  return [
    row(
      AREA,
      'initial JS (entry + modulepreloads, gzip -9)',
      `${kib(measured.gzipBytes)} in ${measured.files.length} file(s)`,
      `<= ${kib(INITIAL_JS_BUDGET_BYTES)}`,
      measured.gzipBytes <= INITIAL_JS_BUDGET_BYTES,
    ),
    ...routeChunkRows(webRoot),
  ];
}

/** Needs `npm run build` first (the npm script does it). */
export async function run(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-lighthouse-'));
  const server = await startAppServer({ dataDir, env: { SEED_DEMO: 'true' } });
  const baseUrl = server.base;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const cookie = await registerUser(baseUrl);
    const maya = await logInDemo(baseUrl);
    const dare = await firstDare(baseUrl);
    const pages: Page[] = [
      { name: '/', short: 'feed', path: '/' },
      { name: '/dares/{id}', short: 'dares', path: `/dares/${dare.id}` },
      { name: '/trending', short: 'trending', path: '/trending' },
      { name: '/profile (signed in)', short: 'profile', path: '/profile', cookie },
      { name: '/discover', short: 'discover', path: '/discover' },
      { name: '/discover?q= (search)', short: 'search', path: `/discover?q=${SEARCH_QUERY}` },
      { name: '/users/{id}', short: 'users', path: `/users/${dare.creatorId}` },
      { name: '/achievements', short: 'achievements', path: '/achievements' },
      { name: '/inbox (signed in)', short: 'inbox', path: '/inbox', cookie: maya },
      {
        name: '/dare-requests (signed in)',
        short: 'dare-requests',
        path: '/dare-requests',
        cookie: maya,
      },
    ];
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const rows: BenchRow[] = [];
    if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
    for (const page of pages) {
      const segment = page.short;
      if (ONLY && !ONLY.includes(segment)) continue;
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { lhr, trace } = await audit(baseUrl + page.path, chrome.port, page.cookie);
        if (SAVE_DIR) {
          writeFileSync(join(SAVE_DIR, `${segment}-${i + 1}.json`), JSON.stringify(lhr));
          writeFileSync(join(SAVE_DIR, `${segment}-${i + 1}.trace.json`), JSON.stringify(trace));
        }
        runs.push(lhr);
      }
      const failing = failingAudits(computeMedianRun(runs));
      if (failing.length) console.log(`\n${page.path}: audits below target\n${failing.join('\n')}`);
      rows.push(...rowsFor(page, runs));
    }
    rows.push(...initialJsRows());
    return rows;
  } finally {
    chrome?.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  printRows('Lighthouse, mobile defaults (npm run bench:lighthouse)', await run());
}
