import { networkInterfaces } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { Scrape } from '../support/metrics';
import { freePort, startAppProcess } from '../support/server-process';
import { APP_START_TIMEOUT } from '../support/test-app';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

/**
 * METRICS_PORT (decision 0051): the real entry point serves /metrics without a token on a
 * second listener bound to 127.0.0.1, while its main port answers /metrics with the 404 of
 * any unknown path. PGlite or, with DATABASE_URL, a fresh Postgres database.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** This machine's addresses other than loopback: the metrics listener must not be on them. */
const outsideAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);

describe('METRICS_PORT', () => {
  it(
    'serves /metrics on 127.0.0.1 without a token; the main port has none; shutdown closes it',
    async () => {
      const databaseUrl = await createTestDatabase();
      cleanups.push(() => dropTestDatabase(databaseUrl));
      const metricsPort = await freePort();
      const app = await startAppProcess({
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      cleanups.push(app.stop);
      await app.ready;
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;

      expect((await fetch(`${app.base}/api/dares`)).status).toBe(200);
      const response = await fetch(metricsUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const parsed = new Scrape(await response.text());
      const requests = (route: string) =>
        parsed.count('darefund_http_request_duration_seconds', { route, status_code: '200' });
      expect(requests('/api/dares')).toBe(1);
      expect(parsed.families.has('nodejs_eventloop_lag_seconds')).toBe(true);
      expect(parsed.value('darefund_metrics_collector_up', { collector: 'job_queue' })).toBe(1);
      expect(parsed.families.has('darefund_db_pool_connections')).toBe(Boolean(databaseUrl));

      // The main port: the 404 of any unknown path, token or not.
      const unknown = await fetch(`${app.base}/api/no-such-route`);
      const withToken = { authorization: 'Bearer anything-anything-anything-anything' };
      for (const headers of [{}, withToken] as Record<string, string>[]) {
        const main = await fetch(`${app.base}/metrics`, { headers });
        expect([main.status, await main.text()]).toEqual([404, await unknown.clone().text()]);
      }
      // Only this machine reaches it: not on its other addresses.
      for (const address of outsideAddresses()) {
        await expect(fetch(`http://${address}:${metricsPort}/metrics`)).rejects.toThrow();
      }
      // No log line per scrape (the one line naming /metrics is the start's).
      await fetch(metricsUrl);
      const mentions = app.server
        .output()
        .split('\n')
        .filter((line) => line.includes('/metrics'));
      expect(mentions).toHaveLength(1);
      expect(mentions[0]).toContain(`metrics at ${metricsUrl}`);

      app.server.child.kill('SIGTERM');
      expect(await app.server.exited).toEqual({ code: 0, signal: null });
      await expect(fetch(metricsUrl)).rejects.toThrow();
    },
    APP_START_TIMEOUT,
  );
});
