import { type AddressInfo, createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { mailOutbox, pledges } from '@/server/db/schema';
import { enqueueJob } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { drainOutbox } from '@/server/jobs/send-emails';
import { createAppMetrics } from '@/server/metrics/app-metrics';
import { SCRAPE_QUERY_TIMEOUT_MS } from '@/server/metrics/scrape-query';
import { inPledgeTransaction, transitionPledge } from '@/server/modules/pledges/pledge-transitions';
import { createDare } from '../support/dares';
import { eventually } from '../support/eventually';
import { addPayoutAccount, fundingGateway } from '../support/funded-pledges';
import { captureLogs } from '../support/log-capture';
import { getMetrics, METRICS_TOKEN, Scrape, scrape } from '../support/metrics';
import { CARDS, cardPayment, pledgeOverHttp } from '../support/pledge-http';
import { freePort } from '../support/server-process';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { openSse } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import { DELIVERABLE_DOMAIN, registerUser, uniqueEmail } from '../support/users';
import { postVote, proveOverHttp } from '../support/votes';

const MINUTE_MS = 60 * 1000;
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('GET /metrics without METRICS_TOKEN or METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the 404 of any unknown path, with or without a token, to a browser too', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    for (const headers of [
      {},
      { authorization: `Bearer ${METRICS_TOKEN}` },
      { accept: 'text/html' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect([response.statusCode, response.body]).toEqual([404, unknown.body]);
      expect(response.headers['www-authenticate']).toBeUndefined();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let h: ReturnType<typeof fundingGateway>;
  const logs = captureLogs();
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(
      { METRICS_TOKEN, SMTP_URL: sink.url, LOG_LEVEL: 'info' },
      { logStream: logs.stream },
    );
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('answers 401 without the right bearer token, and the scrape with it', async () => {
    const refusals = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer wrong-token' },
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of refusals) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect([response.statusCode, response.json()], JSON.stringify(headers)).toEqual([
        401,
        { message: 'A valid metrics token is required' },
      ]);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const inQuery = await t.app.inject({ method: 'GET', url: `/metrics?token=${METRICS_TOKEN}` });
    expect(inQuery.statusCode).toBe(401);

    const response = await getMetrics(t.app, METRICS_TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const parsed = new Scrape(response.body);
    // prom-client's default metrics: event-loop lag and the process's own.
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(parsed.families.has(name), name).toBe(true);
    }
    expect(parsed.value('darefund_metrics_collector_up', { collector: 'job_queue' })).toBe(1);
    expect(parsed.value('darefund_metrics_collector_up', { collector: 'outbox' })).toBe(1);
    // The scrape itself is the one request in flight.
    expect(parsed.value('darefund_http_requests_in_flight')).toBe(1);

    // Scrapes, refused ones included, write no log line; other requests do.
    expect((await t.app.inject({ url: '/api/dares' })).statusCode).toBe(200);
    expect(logs.text()).toContain('request completed');
    expect(
      logs
        .text()
        .split('\n')
        .filter((line) => line.includes('/metrics')),
    ).toEqual([]);
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    const { user } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: user.id });
    const route = { method: 'GET', route: '/api/dares/:id' };
    const before = await scrape(t.app);
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ url: `/api/dares/${dare.id}` })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/dares/2147483000' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/no-such-route/${dare.id}` })).statusCode).toBe(404);
    const after = await scrape(t.app);

    const histogram = 'darefund_http_request_duration_seconds';
    expect(after.family(histogram).type).toBe('HISTOGRAM');
    const delta = (labels: Record<string, string>) =>
      after.count(histogram, labels) - before.count(histogram, labels);
    expect(delta({ ...route, status_code: '200' })).toBe(3);
    expect(delta({ ...route, status_code: '404' })).toBe(1);
    expect(delta({ route: 'unmatched', status_code: '404' })).toBe(1);
    const routes = after.labelValues(`${histogram}_count`, 'route');
    expect(routes).toContain('/api/dares/:id');
    expect(routes).toContain('/api/register');
    // No id, token or query ever becomes a label value.
    expect(routes.filter((value) => /\/\d+(\/|$)|\?/.test(value))).toEqual([]);
    const series = { ...route, status_code: '200' };
    expect(after.value(`${histogram}_bucket`, { ...series, le: '+Inf' })).toBe(
      after.count(histogram, series),
    );
    expect(after.value(`${histogram}_sum`, series)).toBeGreaterThan(0);
  });

  it('counts pledges authorized, captured and cancelled through the real flow, and the gateway calls', async () => {
    const { db } = t.app.ctx;
    const before = await scrape(t.app);

    // A pledge authorized over HTTP, the dare completed by its vote, the capture by its job.
    const taker = await registerUser(t.app);
    await addPayoutAccount(t, h, taker.user.id, { verified: true });
    const dare = await createDare(db, {
      creatorId: taker.user.id,
      status: 'pending',
      targetAmountCents: 1000,
    });
    const pledger = await registerUser(t.app);
    const paid = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 10);
    expect(paid.confirm?.statusCode).toBe(200);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    expect((await postVote(t.app, pledger.cookie, proof.id, true)).statusCode).toBe(200);

    // The capture job waits in the queue: one due job of its kind.
    const queued = await scrape(t.app);
    expect(queued.value('darefund_job_queue_depth', { kind: 'complete-dare-funding' })).toBe(1);
    // The app's own (measured) gateway, as the runner uses it in production.
    await runDueJobs(t.app.ctx, { workerId: 'metrics-test', periodic: [] });
    const [captured] = await db.select().from(pledges).where(eq(pledges.id, paid.pledgeId!));
    expect(captured!.status).toBe('captured');

    // A second pledge, cancelled by its pledger: released.
    const open = await createDare(db, { creatorId: taker.user.id, targetAmountCents: 100_000 });
    const cancelled = await pledgeOverHttp(t.app, pledger.cookie, open.id, 5);
    expect(cancelled.confirm?.statusCode).toBe(200);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${cancelled.pledgeId}/cancel`,
      headers: { cookie: pledger.cookie },
    });
    expect(cancel.statusCode).toBe(200);

    // A declined card refused when it is saved: an error of the gateway's setUpPaymentMethod.
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/payment-methods',
      headers: { cookie: pledger.cookie },
      payload: cardPayment(CARDS.declined),
    });
    expect(card.statusCode).toBe(201);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/user/payment-methods',
      headers: { cookie: pledger.cookie },
      payload: { paymentMethodId: card.json().id },
    });
    expect(saved.statusCode).toBe(402);

    const after = await scrape(t.app);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('darefund_pledges_authorized_total')).toBe(2);
    expect(moved('darefund_pledges_captured_total')).toBe(1);
    expect(moved('darefund_pledges_released_total', { reason: 'cancel' })).toBe(1);
    expect(moved('darefund_pledges_released_total', { reason: 'release' })).toBe(0);
    expect(moved('darefund_pledges_failed_total', { reason: 'capture_failed' })).toBe(0);
    const errors = 'darefund_payment_gateway_errors_total';
    expect(moved(errors, { operation: 'setUpPaymentMethod', kind: 'card' })).toBe(1);
    expect(after.samples(errors).map((s) => s.labels)).toEqual([
      { operation: 'setUpPaymentMethod', kind: 'card' },
    ]);
    const calls = (operation: string) =>
      after.count('darefund_payment_gateway_call_duration_seconds', { operation }) -
      before.count('darefund_payment_gateway_call_duration_seconds', { operation });
    expect(calls('createPaymentIntent')).toBe(2);
    expect(calls('capturePaymentIntent')).toBe(1);
    expect(calls('cancelPaymentIntent')).toBe(1);
    expect(calls('setUpPaymentMethod')).toBe(1);
    expect(calls('createTransfer')).toBe(1);
  });

  it('counts nothing for a pledge transition whose transaction rolled back', async () => {
    const { user } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: user.id });
    const pledger = await registerUser(t.app);
    // 3-D Secure not answered yet: the pledge waits, pending.
    const started = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 5, CARDS.threeDSecure);
    const before = await scrape(t.app);
    const rolledBack = inPledgeTransaction(t.app.ctx, async (tx) => {
      const moved = await transitionPledge(
        tx,
        started.pledgeId!,
        'authorize',
        {},
        t.config.publicUrl,
      );
      expect(moved?.status).toBe('authorized');
      throw new Error('the cause failed after the transition');
    });
    await expect(rolledBack).rejects.toThrow('the cause failed');
    const after = await scrape(t.app);
    expect(after.value('darefund_pledges_authorized_total')).toBe(
      before.value('darefund_pledges_authorized_total'),
    );
    const [row] = await t.app.ctx.db
      .select()
      .from(pledges)
      .where(eq(pledges.id, started.pledgeId!));
    expect(row!.status).toBe('pending');
  });

  it('reports each kind of due job: how many and how long the oldest has waited', async () => {
    const { db } = t.app.ctx;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await enqueueJob(db, { kind: 'retry-payouts', runAt: ago(2 * MINUTE_MS) });
    await enqueueJob(db, { kind: 'retry-payouts', runAt: ago(MINUTE_MS / 2) });
    // Scheduled for later: not due, so neither counted nor aged.
    await enqueueJob(db, { kind: 'retry-payouts', runAt: ago(-60 * MINUTE_MS) });
    await enqueueJob(db, { kind: 'prune-live-events', runAt: ago(10_000) });

    const parsed = await scrape(t.app);
    const depth = (kind: string) => parsed.value('darefund_job_queue_depth', { kind });
    const age = (kind: string) =>
      parsed.value('darefund_job_queue_oldest_due_age_seconds', { kind });
    expect(depth('retry-payouts')).toBe(2);
    expect(age('retry-payouts')).toBeGreaterThanOrEqual(120);
    expect(age('retry-payouts')).toBeLessThan(180);
    expect(depth('prune-live-events')).toBe(1);
    expect(age('prune-live-events')).toBeGreaterThanOrEqual(10);
    expect(age('prune-live-events')).toBeLessThan(70);
    // Every kind the runner handles is reported, 0 when none is due; the age only then.
    expect(depth('renew-holds')).toBe(0);
    expect(
      parsed.samples('darefund_job_queue_oldest_due_age_seconds', { kind: 'renew-holds' }),
    ).toEqual([]);
  });

  it('shows the outbox backlog and counts what the SMTP server refused and took', async () => {
    const { db } = t.app.ctx;
    const before = await scrape(t.app);
    const email = uniqueEmail('reset', DELIVERABLE_DOMAIN);
    await registerUser(t.app, { email, verified: false });
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows).toHaveLength(1);
    const queued = await scrape(t.app);
    const backlog = (parsed: Scrape, state: string) =>
      parsed.value('darefund_outbox_backlog', { state });
    expect(backlog(queued, 'due') - backlog(before, 'due')).toBe(1);

    sink.refuseNext(1);
    const refused = await drainOutbox(t.app.ctx, { ids: [rows[0]!.id] });
    expect(refused.retried).toBe(1);
    const failed = await scrape(t.app);
    expect(backlog(failed, 'due') - backlog(queued, 'due')).toBe(-1);
    expect(backlog(failed, 'waiting_retry') - backlog(queued, 'waiting_retry')).toBe(1);
    const failures = (parsed: Scrape) =>
      parsed.value('darefund_outbox_send_failures_total', { result: 'retried' });
    expect(failures(failed) - failures(before)).toBe(1);

    // Its retry time come, it is sent.
    const sent = await drainOutbox(t.app.ctx, {
      ids: [rows[0]!.id],
      now: new Date(Date.now() + 60 * MINUTE_MS),
    });
    expect(sent.sent).toBe(1);
    const delivered = await scrape(t.app);
    expect(backlog(delivered, 'waiting_retry') - backlog(queued, 'waiting_retry')).toBe(0);
    expect(
      delivered.value('darefund_outbox_sent_total') - before.value('darefund_outbox_sent_total'),
    ).toBe(1);
  });

  it('counts open live streams and the requests in flight with them', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { cookie } = await registerUser(t.app);
    const stream = await openSse(`${base}/api/events`, { cookie });
    expect(stream.status).toBe(200);
    const open = await scrape(t.app);
    expect(open.value('darefund_live_streams_open')).toBe(1);
    expect(open.value('darefund_http_requests_in_flight')).toBe(2);
    stream.close();
    await eventually(async () => {
      const closed = await scrape(t.app);
      return (
        closed.value('darefund_live_streams_open') === 0 &&
        closed.value('darefund_http_requests_in_flight') === 1
      );
    });
  });

  it('shows the Postgres pool (absent with PGlite, which has none)', async () => {
    const parsed = await scrape(t.app);
    if (!onPostgres) {
      expect(parsed.families.has('darefund_db_pool_connections')).toBe(false);
      expect(parsed.families.has('darefund_db_pool_waiting_queries')).toBe(false);
      return;
    }
    const open =
      parsed.value('darefund_db_pool_connections', { state: 'in_use' }) +
      parsed.value('darefund_db_pool_connections', { state: 'idle' });
    expect(open).toBeGreaterThanOrEqual(1);
    // The test app's pool (tests/support/test-app.ts).
    expect(parsed.value('darefund_db_pool_max_connections')).toBe(20);
    expect(parsed.value('darefund_db_pool_waiting_queries')).toBe(0);
  });
});

describe('a scrape with the database gone', () => {
  /** The metrics of an app whose database is at `port` of this machine. */
  const metricsOver = (port: number) => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/gone` });
    pool.on('error', () => undefined);
    const db = drizzle(pool) as unknown as Db;
    const metrics = createAppMetrics({ database: { db }, processMetrics: false });
    return { metrics, close: () => pool.end() };
  };

  const expectDatabaseSeriesLeftOut = (parsed: Scrape) => {
    expect(parsed.value('darefund_metrics_collector_up', { collector: 'job_queue' })).toBe(0);
    expect(parsed.value('darefund_metrics_collector_up', { collector: 'outbox' })).toBe(0);
    expect(parsed.samples('darefund_job_queue_depth')).toEqual([]);
    expect(parsed.samples('darefund_job_queue_oldest_due_age_seconds')).toEqual([]);
    expect(parsed.samples('darefund_outbox_backlog')).toEqual([]);
    // What lives in memory is still there.
    expect(parsed.value('darefund_pledges_captured_total')).toBe(1);
  };

  it('still answers when the database refuses connections', async () => {
    const port = await freePort();
    const { metrics, close } = metricsOver(port);
    metrics.pledges.captured.inc();
    expectDatabaseSeriesLeftOut(new Scrape(await metrics.registry.metrics()));
    await close();
  });

  it('still answers, within the scrape query timeout, when the database does not answer', async () => {
    // Takes connections and never says a word.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { metrics, close } = metricsOver((silent.address() as AddressInfo).port);
    metrics.pledges.captured.inc();
    const started = Date.now();
    const parsed = new Scrape(await metrics.registry.metrics());
    expect(Date.now() - started).toBeLessThan(SCRAPE_QUERY_TIMEOUT_MS + 1000);
    expectDatabaseSeriesLeftOut(parsed);
    for (const socket of sockets) socket.destroy();
    silent.close();
    await close();
  });
});
