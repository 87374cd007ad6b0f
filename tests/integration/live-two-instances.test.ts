import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonPoster, registerOverHttp, startAppProcess } from '../support/server-process';
import { openSse, type SseEvent } from '../support/sse';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

/**
 * Live delivery across instances (DESIGN.md section 6): two real server processes on one
 * Postgres; a message sent through A reaches a stream held by B through LISTEN/NOTIFY.
 * Needs a Postgres server (DATABASE_URL); PGlite is one process, tested in live-events.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startInstance(databaseUrl: string) {
  const instance = await startAppProcess({
    SESSION_SECRET: 'two-instances-secret-two-instances-secret',
    DATABASE_URL: databaseUrl,
  });
  cleanups.push(instance.stop);
  await instance.ready;
  return instance;
}

const content = (event: SseEvent) =>
  (event.data as { message?: { content: string } }).message?.content;

describe.skipIf(!process.env.DATABASE_URL)('live events across two instances', () => {
  let a: Awaited<ReturnType<typeof startInstance>>;
  let b: Awaited<ReturnType<typeof startInstance>>;
  beforeAll(async () => {
    const databaseUrl = (await createTestDatabase())!;
    cleanups.push(() => dropTestDatabase(databaseUrl));
    // One after the other: each applies the migrations at startup.
    a = await startInstance(databaseUrl);
    b = await startInstance(databaseUrl);
  }, 120_000);

  it("logging out through A closes that session's streams on A and B within 1 s and kills its cookie on both", async () => {
    const cookie = await registerOverHttp(a.base, `cy.${Date.now()}@example.com`);
    // B has looked the session up (and keeps that lookup for a few seconds).
    expect((await fetch(`${b.base}/api/user`, { headers: { cookie } })).status).toBe(200);
    const onA = await openSse(`${a.base}/api/events`, { cookie });
    const onB = await openSse(`${b.base}/api/events`, { cookie });
    expect([onA.status, onB.status]).toEqual([200, 200]);

    const closedWithin = (stream: typeof onA, ms: number) =>
      Promise.race([
        stream.ended.then(() => 'closed'),
        new Promise<string>((resolve) => setTimeout(() => resolve(`open after ${ms} ms`), ms)),
      ]);
    const logout = await fetch(`${a.base}/api/logout`, {
      method: 'POST',
      headers: { cookie, origin: a.base },
    });
    expect(logout.status).toBe(204);
    expect(await Promise.all([closedWithin(onA, 1000), closedWithin(onB, 1000)])).toEqual([
      'closed',
      'closed',
    ]);
    for (const base of [a.base, b.base]) {
      expect((await fetch(`${base}/api/user`, { headers: { cookie } })).status).toBe(401);
    }
  });

  // Last: it stops B.
  it('a message sent through A reaches a stream on B within 1 s; a resumed stream gets what it missed', async () => {
    const annCookie = await registerOverHttp(a.base, `ann.${Date.now()}@example.com`);
    const boCookie = await registerOverHttp(b.base, `bo.${Date.now()}@example.com`);
    const boId = (
      (await (await fetch(`${b.base}/api/user`, { headers: { cookie: boCookie } })).json()) as {
        id: number;
      }
    ).id;
    const postA = jsonPoster(a.base, annCookie);
    const { json: conversation } = await postA('/api/conversations', { participants: [boId] });
    const send = (text: string) =>
      postA(`/api/conversations/${conversation.id}/messages`, { content: text });

    const stream = await openSse(`${b.base}/api/events`, { cookie: boCookie });
    expect(stream.status).toBe(200);
    const latencies: number[] = [];
    let last: SseEvent | undefined;
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const sent = send(`ping ${i}`);
      last = await stream.next((event) => content(event) === `ping ${i}`, 1000);
      latencies.push(performance.now() - started);
      await sent;
    }
    console.info(
      `delivery latency A -> B (ms): ${latencies.map((ms) => ms.toFixed(1)).join(', ')}`,
    );
    expect(Math.max(...latencies)).toBeLessThan(1000);

    // Dropped: two messages go by; the resumed stream gets exactly those.
    stream.close();
    await send('missed 1');
    await send('missed 2');
    const resumed = await openSse(`${b.base}/api/events`, {
      cookie: boCookie,
      'last-event-id': last!.id!,
    });
    await resumed.next((event) => content(event) === 'missed 2', 2000);
    expect(resumed.events.filter((e) => e.event === 'message').map(content)).toEqual([
      'missed 1',
      'missed 2',
    ]);

    // An open stream does not hold up shutdown.
    const stopping = Date.now();
    b.server.child.kill('SIGTERM');
    const { code } = await b.server.exited;
    expect(code, b.server.output()).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5000);
    resumed.close();
  }, 120_000);
});
