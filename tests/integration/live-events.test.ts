import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_USER } from '@/contracts/limits';
import { liveEvents } from '@/server/db/schema';
import { PERIODIC_JOBS } from '@/server/jobs/handlers';
import { runDueJobs } from '@/server/jobs/runner';
import { newConversation } from '../support/conversations';
import { createDare } from '../support/dares';
import { addFundedPledge, fundingGateway } from '../support/funded-pledges';
import { openSse, type SseEvent } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, sessionCookie } from '../support/users';
import { activeDareWithPledgers, postVote, proveOverHttp } from '../support/votes';

let t: TestApp;
let base: string;
const streams: Array<{ close: () => void }> = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const conversation = () => newConversation(t.app, { first: 'Ann', second: 'Bo' });

const open = async (cookie: string, headers: Record<string, string> = {}) => {
  const stream = await openSse(`${base}/api/events`, { cookie, ...headers });
  streams.push(stream);
  return stream;
};
const isMessage = (content: string) => (event: { event: string; data: unknown }) =>
  event.event === 'message' &&
  (event.data as { message: { content: string } }).message.content === content;

describe('GET /api/events', () => {
  it('delivers a new message to the other participant at once, with their unread count', async () => {
    const { ann, bo, id, send } = await conversation();
    const stream = await open(bo.cookie);
    expect(stream.status).toBe(200);
    const started = Date.now();
    await send(ann.cookie, 'hello live');
    const event = await stream.next(isMessage('hello live'), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.data).toMatchObject({
      conversationId: id,
      unreadCount: 1,
      message: { content: 'hello live', sender: { displayName: 'Ann' } },
    });
    expect(Number(event.id)).toBeGreaterThan(0);

    // Reading it in one tab tells the others the new total.
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      headers: { cookie: bo.cookie },
    });
    const unread = await stream.next((e) => e.event === 'unread', 1000);
    expect(unread.data).toEqual({ conversationId: id, unreadCount: 0 });
    stream.close();
  });

  it('a dropped stream resumed with Last-Event-ID gets exactly what it missed', async () => {
    const { ann, bo, send } = await conversation();
    const first = await open(bo.cookie);
    await send(ann.cookie, 'one');
    const seen = await first.next(isMessage('one'), 2000);
    first.close();
    await send(ann.cookie, 'two');
    await send(ann.cookie, 'three');
    const resumed = await open(bo.cookie, { 'last-event-id': seen.id! });
    await resumed.next(isMessage('three'), 2000);
    const contents = resumed.events
      .filter((e) => e.event === 'message')
      .map((e) => (e.data as { message: { content: string } }).message.content);
    expect(contents).toEqual(['two', 'three']);
    resumed.close();
  });

  it('starts from now without Last-Event-ID, refuses a non-stream caller and caps streams', async () => {
    const { ann, bo, send } = await conversation();
    await send(ann.cookie, 'before');
    const fresh = await open(bo.cookie);
    await send(ann.cookie, 'after');
    await fresh.next(isMessage('after'), 2000);
    expect(fresh.events.some(isMessage('before'))).toBe(false);

    const plain = await t.app.inject({ url: '/api/events', headers: { cookie: bo.cookie } });
    expect(plain.statusCode).toBe(406);
    expect((await t.app.inject({ url: '/api/events' })).statusCode).toBe(401);

    const tabs = [fresh];
    for (let i = 1; i < LIVE_STREAMS_PER_USER; i += 1) {
      const tab = await open(bo.cookie);
      expect(tab.status).toBe(200);
      tabs.push(tab);
    }
    const over = await open(bo.cookie);
    expect(over.status).toBe(429);
    // A closed tab frees its place.
    tabs[0]!.close();
    let reopened = 0;
    for (let tries = 0; tries < 50 && reopened !== 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const again = await open(bo.cookie);
      reopened = again.status;
      if (reopened !== 200) again.close();
    }
    expect(reopened).toBe(200);
  });

  it("logging out closes that session's open streams within a second; other sessions keep theirs", async () => {
    const { ann, bo, send } = await conversation();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: bo.email, password: bo.password },
    });
    const otherDevice = sessionCookie(login);
    const stolen = await open(bo.cookie);
    const kept = await open(otherDevice);
    await send(ann.cookie, 'before logout');
    await stolen.next(isMessage('before logout'), 2000);

    const loggedOut = Date.now();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: bo.cookie },
    });
    expect(logout.statusCode).toBe(204);
    const outcome = await Promise.race([
      stolen.ended.then(() => 'closed'),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 1 s'), 1000)),
    ]);
    expect(outcome).toBe('closed');
    expect(Date.now() - loggedOut).toBeLessThan(1000);

    await send(ann.cookie, 'after logout');
    await kept.next(isMessage('after logout'), 2000);
    expect(stolen.events.some(isMessage('after logout'))).toBe(false);
    // The cookie is dead at once: no request, and no new stream.
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: bo.cookie } });
    expect(me.statusCode).toBe(401);
    expect((await open(bo.cookie)).status).toBe(401);
  });

  it('carries notifications with the unread notification count', async () => {
    const { bo } = await conversation();
    const stream = await open(bo.cookie);
    const { notify } = await import('@/server/modules/notifications/notify');
    await t.app.ctx.db.transaction((tx) =>
      notify(tx, 'http://localhost:3000', {
        userId: bo.user.id,
        dareId: null,
        kind: 'payout_sent',
        data: { dareTitle: 'Sing', amountCents: 500 },
      }),
    );
    const event = await stream.next((e) => e.event === 'notification', 1000);
    expect(event.data).toMatchObject({ unreadCount: 1 });
    stream.close();
  });

  // Issue 23: the NOTIFY carries the rows, so no stream reads the table; rows too big for a
  // NOTIFY (8,000 bytes) travel as ids and each stream reads them.
  it('delivers from the NOTIFY payload, and from the table when the rows are too big for it', async () => {
    const { bo } = await conversation();
    const stream = await open(bo.cookie);
    const { publishLive } = await import('@/server/modules/live/publish');
    const publish = (data: Record<string, unknown>, thenDelete: boolean) =>
      t.app.ctx.db.transaction(async (tx) => {
        await publishLive(tx, [{ userId: bo.user.id, kind: 'dare', data }]);
        // A row gone before any stream could read it still arrives only by the payload path.
        if (thenDelete) await tx.delete(liveEvents).where(eq(liveEvents.userId, bo.user.id));
      });
    await publish({ dareId: 1 }, true);
    expect((await stream.next(naming(1), 1000)).data).toEqual({ dareId: 1 });

    const pad = 'x'.repeat(9000);
    await publish({ dareId: 2, pad }, true);
    await publish({ dareId: 3, pad }, false);
    expect((await stream.next(naming(3), 1000)).data).toEqual({ dareId: 3, pad });
    expect(stream.events.some(naming(2))).toBe(false);
    stream.close();
  });

  it('old events are pruned by a periodic job; recent ones stay for resuming', async () => {
    const { ann, bo, send } = await conversation();
    await send(ann.cookie, 'to be pruned');
    const mine = () =>
      t.app.ctx.db.select().from(liveEvents).where(eq(liveEvents.userId, bo.user.id));
    expect((await mine()).length).toBeGreaterThan(0);
    expect(PERIODIC_JOBS.map((job) => job.kind)).toContain('prune-live-events');
    await runDueJobs(t.app.ctx, {
      workerId: 'test',
      periodic: [{ kind: 'prune-live-events', everyMs: 60_000 }],
      now: new Date(),
    });
    expect((await mine()).length).toBeGreaterThan(0);
    await runDueJobs(t.app.ctx, {
      workerId: 'test',
      periodic: [{ kind: 'prune-live-events', everyMs: 60_000 }],
      now: new Date(Date.now() + 25 * 60 * 60 * 1000),
    });
    expect(await mine()).toEqual([]);
  });
});

const naming = (dareId: number) => (event: SseEvent) =>
  (event.data as { dareId?: number }).dareId === dareId;

// Issue 19 item 17: a page showing a dare refreshes when its stream says that dare changed.
describe('live events name the dare they concern', () => {
  it('the taker hears, naming the dare, when the vote completes it', async () => {
    const h = fundingGateway(t);
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 3);
    const stream = await open(taker.cookie);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    for (const voter of voters.slice(0, 2)) {
      expect((await postVote(t.app, voter.cookie, proof.id, true)).statusCode).toBe(200);
    }
    const event = await stream.next(naming(dare.id), 2000);
    expect(event.event).toBe('notification');
  });

  it('the creator hears their public challenge was accepted; its taker hears of pledges', async () => {
    const h = fundingGateway(t);
    const creator = await registerUser(t.app);
    const taker = await registerUser(t.app);
    const pledger = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.user.id,
      takerId: null,
      isPublicChallenge: true,
      status: 'pending',
      targetAmountCents: 2000,
    });
    const creatorStream = await open(creator.cookie);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/dares/${dare.id}/accept`,
      headers: { cookie: taker.cookie },
    });
    expect(accepted.statusCode).toBeLessThan(300);
    expect((await creatorStream.next(naming(dare.id), 2000)).event).toBe('dare');

    // The taker is not the creator, so no notification tells them; the dare event does.
    const takerStream = await open(taker.cookie);
    await addFundedPledge(t, h, { userId: pledger.user.id, dareId: dare.id, amountCents: 2000 });
    expect((await takerStream.next(naming(dare.id), 2000)).event).toBe('dare');
  });
});
