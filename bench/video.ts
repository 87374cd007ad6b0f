// `npm run bench:video` (issue 14, target 4): the built server with the demo seed, the feed
// in headless Chromium at 390x844, and
//  - for N swipes (a pointer drag, as a finger does) the time from the swipe ending (the
//    track's slide transition settling on the next dare) to that dare's video presenting a
//    new frame (requestVideoFrameCallback; `playing` where it is missing), then the same
//    swiping back;
//  - whether /media files and hashed /assets answer with long immutable caching, a
//    validator and 304 to a conditional request;
//  - how many videos of the demo feed have a poster that is served as an image.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startAppServer } from './lib/app-server';
import { type BenchRow, isMain, printRows, row } from './lib/report';

const AREA = '4 Video';
const SWIPES = Number(process.env.BENCH_SWIPES ?? 8);
/** How long a viewer stays on a dare before swiping on: the neighbours buffer meanwhile. */
const DWELL_MS = Number(process.env.BENCH_DWELL_MS ?? 1500);
const FIRST_FRAME_TARGET_MS = 150;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 390, height: 844 };

type FeedDare = {
  id: number;
  pitchVideo: string | null;
  coverImage: string | null;
  pitchPoster: string | null;
  submission: { videoUrl: string; thumbnailUrl: string | null; status: string } | null;
};

/** The built server with the demo content, on a new DATA_DIR that stop() removes. */
async function startBuiltServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-video-bench-'));
  try {
    const server = await startAppServer({ dataDir, env: { SEED_DEMO: 'true' }, quiet: true });
    const stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    return { origin: server.base, stop };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Every dare of the anonymous feed, page by page. */
async function feedDares(origin: string): Promise<FeedDare[]> {
  const all: FeedDare[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page = (await (await fetch(`${origin}/api/dares${query}`)).json()) as {
      items: FeedDare[];
      nextCursor: string | null;
    };
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

// The same choice as the web app's dareVideoUrl / darePosterUrl (src/web/features/dares).
const videoOf = (dare: FeedDare) =>
  dare.submission && dare.submission.status !== 'rejected'
    ? dare.submission.videoUrl
    : dare.pitchVideo;
const posterOf = (dare: FeedDare) =>
  dare.coverImage || dare.submission?.thumbnailUrl || dare.pitchPoster || null;

/**
 * Installed in the page before each swipe: arms a frame callback on the dare below the
 * current one (or above, for a swipe back) and notes when the track's slide transition ends.
 */
function armMeasurement(direction: 'next' | 'prev') {
  type Probe = {
    release?: number;
    swipeEnd?: number;
    firstFrame?: number;
    readyAtStart: number;
    via: string;
  };
  const w = window as unknown as { __probe?: Probe };
  const track = document.querySelector<HTMLElement>(
    'section[aria-roledescription="carousel"] > div',
  );
  const want = direction === 'next' ? '100%' : '-100%';
  const slot = [...(track?.children ?? [])].find((el) =>
    (el as HTMLElement).style.transform.includes(`translate3d(0px, ${want}, 0px)`),
  );
  const video = slot?.querySelector('video');
  if (!track || !video) throw new Error('no neighbouring slide with a video');
  const probe: Probe = { readyAtStart: video.readyState, via: '' };
  w.__probe = probe;
  window.addEventListener(
    'pointerup',
    (event) => {
      probe.release ??= event.timeStamp;
    },
    { once: true, capture: true },
  );
  track.addEventListener(
    'transitionend',
    (event) => {
      if (event.target === track && probe.swipeEnd === undefined) probe.swipeEnd = event.timeStamp;
    },
    { once: false },
  );
  if ('requestVideoFrameCallback' in video) {
    probe.via = 'requestVideoFrameCallback';
    video.requestVideoFrameCallback((now, meta) => {
      probe.firstFrame = meta.presentationTime || now;
    });
  } else {
    probe.via = 'playing';
    (video as HTMLVideoElement).addEventListener(
      'playing',
      () => {
        probe.firstFrame = performance.now();
      },
      { once: true },
    );
  }
}

async function currentPosition(page: Page): Promise<number> {
  const label = await page
    .locator('div:not([inert]) > article[aria-roledescription="slide"]')
    .getAttribute('aria-label');
  return Number(/, (\d+) of \d+$/.exec(label ?? '')?.[1]);
}

/** A finger drag up (next) or down (previous) across half the screen. */
async function swipe(page: Page, direction: 'next' | 'prev') {
  const x = VIEWPORT.width / 2;
  const [from, to] = direction === 'next' ? [540, 220] : [220, 540];
  await page.mouse.move(x, from);
  await page.mouse.down();
  await page.mouse.move(x, (from + to) / 2, { steps: 4 });
  await page.mouse.move(x, to, { steps: 4 });
  await page.mouse.up();
}

type Sample = { ms: number; fromRelease: number; preloaded: boolean };

async function measureSwipes(page: Page, direction: 'next' | 'prev', count: number) {
  const samples: Sample[] = [];
  let via = '';
  for (let i = 0; i < count; i++) {
    await page.waitForTimeout(DWELL_MS);
    const before = await currentPosition(page);
    await page.evaluate(armMeasurement, direction);
    await swipe(page, direction);
    await page
      .waitForFunction(
        () => {
          const p = (window as unknown as { __probe?: { swipeEnd?: number; firstFrame?: number } })
            .__probe;
          return p?.swipeEnd !== undefined && p.firstFrame !== undefined;
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(async (error) => {
        const state = await page.evaluate(() =>
          JSON.stringify((window as unknown as { __probe?: unknown }).__probe),
        );
        throw new Error(`no measurement after a swipe (${state}): ${error}`);
      });
    const probe = await page.evaluate(
      () =>
        (window as unknown as { __probe: { swipeEnd: number; firstFrame: number } })
          .__probe as unknown as {
          release: number;
          swipeEnd: number;
          firstFrame: number;
          readyAtStart: number;
          via: string;
        },
    );
    if ((await currentPosition(page)) === before) throw new Error('the swipe did not move');
    via = probe.via;
    // A frame presented while the slide was still moving counts as no wait at all.
    samples.push({
      ms: Math.max(0, probe.firstFrame - probe.swipeEnd),
      fromRelease: probe.firstFrame - probe.release,
      preloaded: probe.readyAtStart >= 2,
    });
  }
  return { samples, via };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function swipeRows(label: string, samples: Sample[], via: string): BenchRow[] {
  const values = samples.map((s) => s.ms);
  const worst = Math.max(...values);
  const ready = samples.filter((s) => s.preloaded).length;
  return [
    row(
      AREA,
      `${label}: swipe end -> first frame, median (${samples.length} swipes, ${via})`,
      `${median(values).toFixed(0)} ms`,
      `<= ${FIRST_FRAME_TARGET_MS} ms`,
      median(values) <= FIRST_FRAME_TARGET_MS,
    ),
    row(
      AREA,
      `${label}: swipe end -> first frame, worst`,
      `${worst.toFixed(0)} ms`,
      `<= ${FIRST_FRAME_TARGET_MS} ms`,
      worst <= FIRST_FRAME_TARGET_MS,
    ),
    row(
      AREA,
      `${label}: finger lifted -> first frame, median (the slide itself takes 250 ms)`,
      `${median(samples.map((s) => s.fromRelease)).toFixed(0)} ms`,
    ),
    row(
      AREA,
      `${label}: video had a frame decoded when the swipe began`,
      `${ready} / ${samples.length}`,
    ),
  ];
}

/**
 * A GET through node:http: fetch() adds `cache-control: no-cache` to a conditional request
 * (as a browser's reload does), which rightly forbids a 304; a revalidation sends no such thing.
 */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | undefined> }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string | undefined>,
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

/** Long immutable caching, a validator, and 304 for a conditional request. */
async function cachingRow(origin: string, label: string, path: string): Promise<BenchRow> {
  const first = await get(`${origin}${path}`);
  const cacheControl = first.headers['cache-control'] ?? '';
  const etag = first.headers.etag ?? null;
  const lastModified = first.headers['last-modified'] ?? null;
  const conditional: Record<string, string> = etag
    ? { 'if-none-match': etag }
    : lastModified
      ? { 'if-modified-since': lastModified }
      : {};
  const second = await get(`${origin}${path}`, conditional);
  const validator = etag ? 'ETag' : lastModified ? 'Last-Modified' : 'no validator';
  const pass =
    first.status === 200 &&
    cacheControl === IMMUTABLE &&
    (etag !== null || lastModified !== null) &&
    second.status === 304;
  return row(
    AREA,
    `${label} caching (${path.split('/').slice(0, -1).join('/')}/...)`,
    `${first.status}, "${cacheControl}", ${validator}, conditional -> ${second.status}`,
    `"${IMMUTABLE}" + validator + 304`,
    pass,
  );
}

async function posterRow(origin: string, dares: FeedDare[]): Promise<BenchRow> {
  const withVideo = dares.filter((dare) => videoOf(dare));
  let served = 0;
  for (const dare of withVideo) {
    const poster = posterOf(dare);
    if (!poster) continue;
    const response = await fetch(`${origin}${poster}`);
    await response.arrayBuffer();
    if (response.ok && response.headers.get('content-type')?.startsWith('image/')) served += 1;
  }
  return row(
    AREA,
    'demo feed videos with a poster image',
    `${served} / ${withVideo.length}`,
    'all',
    withVideo.length > 0 && served === withVideo.length,
  );
}

export async function run(): Promise<BenchRow[]> {
  const server = await startBuiltServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      // As for a visitor who has interacted: videos may start without a tap.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  try {
    const dares = await feedDares(server.origin);
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    await page.goto(`${server.origin}/`);
    await page.waitForFunction(
      () => [...document.querySelectorAll('video')].some((v) => !v.paused && v.currentTime > 0),
      undefined,
      { timeout: 30_000 },
    );
    const swipes = Math.min(SWIPES, Math.max(1, dares.length - 1));
    const forward = await measureSwipes(page, 'next', swipes);
    const back = await measureSwipes(page, 'prev', Math.max(1, Math.floor(swipes / 2)));

    const html = await (await fetch(`${server.origin}/`)).text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const media = dares.map(videoOf).find(Boolean);
    const poster = dares.map(posterOf).find(Boolean);
    return [
      ...swipeRows('next dare', forward.samples, forward.via),
      ...swipeRows('previous dare', back.samples, back.via),
      media
        ? await cachingRow(server.origin, 'video', media)
        : row(AREA, 'video caching', 'no video in the feed'),
      poster
        ? await cachingRow(server.origin, 'poster', poster)
        : row(AREA, 'poster caching', 'no poster in the feed'),
      asset
        ? await cachingRow(server.origin, 'hashed asset', asset)
        : row(AREA, 'hashed asset caching', 'no /assets script in index.html'),
      await posterRow(server.origin, dares),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (isMain(import.meta.url)) printRows('Video (issue 14, target 4)', await run());
