import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_TTL_SECONDS } from '@/contracts/limits';
import { jobs, notifications, pushSubscriptions, users } from '@/server/db/schema';
import { notify } from '@/server/modules/notifications/notify';
import { SEND_PUSH_JOB, sendPush } from '@/server/modules/push/send-push';
import { requestBody } from '../support/dare-requests';
import { createDare } from '../support/dares';
import { captureLogs } from '../support/log-capture';
import { pledgeOverHttp } from '../support/pledge-http';
import { registerPushDevice, runPushJobs } from '../support/push';
import { type PushServiceStandIn, startPushServiceStandIn } from '../support/push-service-stand-in';
import { verifyVapidHeader } from '../support/push-subscriber';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 22 item 5, on PGlite and (with DATABASE_URL) Postgres: pushes made by the app's real
 * flows reach a local push service stand-in (a real HTTP server), whose subscriber decrypts
 * them with its own RFC 8291 code and checks the VAPID signature. The app runs with
 * PUSH_ALLOW_INSECURE_ENDPOINTS=true, the tests-only switch that lets the stand-in be plain
 * http on 127.0.0.1.
 */
let t: TestApp;
let service: PushServiceStandIn;
const logs = captureLogs();
beforeAll(async () => {
  service = await startPushServiceStandIn();
  t = await createTestApp(
    { PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', LOG_LEVEL: 'debug' },
    { logStream: logs.stream },
  );
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
beforeEach(() => {
  service.received.length = 0;
});

type Person = Awaited<ReturnType<typeof registerUser>>;
const json = (body: Buffer) => JSON.parse(body.toString('utf8'));
const pushJobs = () => t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, SEND_PUSH_JOB));
const subscriptionRow = async (id: number) =>
  (await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0];
const sendMessage = async (from: Person, to: Person, content: string) => {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie: from.cookie },
    payload: { participants: [to.user.id] },
  });
  const conversationId = started.json().id as number;
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { cookie: from.cookie },
    payload: { content },
  });
  expect(sent.statusCode).toBe(201);
  return conversationId;
};
/** A pledge of $10 by a new backer on a new dare of `creator`'s; the dare's id. */
const pledgeOnDareOf = async (creator: Person, title = 'Sing in the rain') => {
  const dare = await createDare(t.app.ctx.db, {
    creatorId: creator.user.id,
    title,
    status: 'pending',
  });
  const backer = await registerUser(t.app, { displayName: 'Bea Backer' });
  const flow = await pledgeOverHttp(t.app, backer.cookie, dare.id, 10);
  expect(flow.confirm?.statusCode).toBe(200);
  return dare.id;
};

describe('a push, end to end', () => {
  it("someone pledges on a creator's dare: the creator's device gets 'new pledge' with the dare's link", async () => {
    const creator = await registerUser(t.app, { displayName: 'Cleo Creator' });
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    const dareId = await pledgeOnDareOf(creator);

    // Queued with the notification, in its transaction; nothing sent before the job runs.
    expect(service.to(device.endpoint)).toEqual([]);
    const report = await runPushJobs(t.app);
    expect(report.failed).toBe(0);

    const [push] = service.to(device.endpoint);
    expect(push).toBeDefined();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(push!.headers.urgency).toBe('normal');
    const [notification] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'pledge_received')),
      );
    expect(json(device.subscriber.decrypt(push!.body))).toEqual({
      title: 'Bea Backer pledged $10.00 to "Sing in the rain"',
      body: 'The hold on their card counts toward your goal.',
      url: `/dares/${dareId}`,
      tag: `notification-${notification!.id}`,
      notificationId: notification!.id,
    });

    // Signed by the server's VAPID key, for this push service, for at most 24 hours.
    const vapid = verifyVapidHeader(push!.headers.authorization);
    expect(vapid.publicKey).toBe(t.config.push.vapid.publicKey);
    expect(vapid.aud).toBe(service.origin);
    expect(vapid.sub).toBe(t.config.push.vapid.subject);
    const now = Date.now() / 1000;
    expect(vapid.exp).toBeGreaterThan(now);
    expect(vapid.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);

    const row = await subscriptionRow(device.id);
    expect(row!.lastSuccessAt).not.toBeNull();
    // The job ran once and is done; a second tick sends nothing again.
    await runPushJobs(t.app);
    expect(service.to(device.endpoint)).toHaveLength(1);
  });

  it("a message: the other person's devices get it with the conversation's link", async () => {
    const sender = await registerUser(t.app, { displayName: 'Sam Sender' });
    const reader = await registerUser(t.app);
    const phone = await registerPushDevice(t.app, reader.cookie, service.endpoint());
    const laptop = await registerPushDevice(t.app, reader.cookie, service.endpoint());
    const own = await registerPushDevice(t.app, sender.cookie, service.endpoint());
    const conversationId = await sendMessage(sender, reader, 'Are you   doing the dare\ntonight?');

    await runPushJobs(t.app);
    for (const device of [phone, laptop]) {
      const [push] = service.to(device.endpoint);
      expect(push!.headers.urgency).toBe('high');
      expect(push!.headers.topic).toBe(`conversation-${conversationId}`);
      expect(json(device.subscriber.decrypt(push!.body))).toEqual({
        title: 'New message from Sam Sender',
        body: 'Are you doing the dare tonight?',
        url: `/inbox/${conversationId}`,
        tag: `conversation-${conversationId}`,
      });
    }
    // The sender's own devices are not told about their own message.
    expect(service.to(own.endpoint)).toEqual([]);
  });

  it('a dare request: the recipient is told, with the Dare Requests link', async () => {
    const sender = await registerUser(t.app, { displayName: 'Rita Requester' });
    const recipient = await registerUser(t.app);
    const device = await registerPushDevice(t.app, recipient.cookie, service.endpoint());
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/dare-requests',
      headers: { cookie: sender.cookie },
      payload: requestBody({ recipientId: recipient.user.id, dareTitle: 'Dance at noon' }),
    });
    expect(sent.statusCode).toBe(201);
    await runPushJobs(t.app);
    const payload = json(device.subscriber.decrypt(service.to(device.endpoint)[0]!.body));
    expect(payload).toMatchObject({
      title: 'Rita Requester sent you a dare request: "Dance at noon"',
      url: '/dare-requests',
    });
  });
});

describe('what is not pushed', () => {
  it('a kind turned off in Notification Settings, a kind that is never pushed, an account without devices', async () => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/user/notification-settings',
      headers: { cookie: creator.cookie },
      payload: { settings: [{ kind: 'pledge_received', email: false }] },
    });
    expect(off.statusCode).toBe(200);
    const before = (await pushJobs()).length;
    await pledgeOnDareOf(creator);
    // A new follower: in the app and by email, but not a pushed kind.
    const follower = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/follows',
      headers: { cookie: follower.cookie },
      payload: { followedId: creator.user.id },
    });
    // Someone with push nowhere: nothing queued for them.
    await pledgeOnDareOf(await registerUser(t.app));

    expect(await pushJobs()).toHaveLength(before);
    await runPushJobs(t.app);
    expect(service.to(device.endpoint)).toEqual([]);
  });

  it("a suspended account's devices (one whose session had merely expired)", async () => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    await t.app.ctx.db
      .update(pushSubscriptions)
      .set({ sessionId: null })
      .where(eq(pushSubscriptions.id, device.id));
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, creator.user.id));
    const before = (await pushJobs()).length;
    // A notification still made for them (a cause that was under way): in the app only.
    await t.app.ctx.db.transaction((tx) =>
      notify(tx, t.config.publicUrl, {
        userId: creator.user.id,
        dareId: null,
        kind: 'dare_request_received',
        data: { dareTitle: 'Too late', amountCents: 500, senderName: 'Someone' },
      }),
    );
    const [row] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, creator.user.id));
    expect(row?.kind).toBe('dare_request_received');
    expect(await pushJobs()).toHaveLength(before);
  });

  it('a notification read in the app before its push went out', async () => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    await pledgeOnDareOf(creator);
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: creator.cookie },
      payload: {},
    });
    await runPushJobs(t.app);
    expect(service.to(device.endpoint)).toEqual([]);
  });

  it('a push queued for a browser that another account has registered since', async () => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    await pledgeOnDareOf(creator);
    const newOwner = await registerUser(t.app);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: { cookie: newOwner.cookie },
      payload: device.subscriber.subscription(device.endpoint),
    });
    expect(moved.statusCode).toBe(200);
    await runPushJobs(t.app);
    expect(service.to(device.endpoint)).toEqual([]);
  });
});

describe('what the push service answers', () => {
  it.each([404, 410])('%i: the subscription is deleted, and the job is done', async (status) => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    await pledgeOnDareOf(creator);
    service.answerNext(status);
    const report = await runPushJobs(t.app);
    expect(report.retried + report.failed).toBe(0);
    expect(service.to(device.endpoint)).toHaveLength(1);
    expect(await subscriptionRow(device.id)).toBeUndefined();
  });

  it('500 and 429 are retried with backoff, then delivered', async () => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    await pledgeOnDareOf(creator);
    service.answerNext(500, 429);
    const first = await runPushJobs(t.app);
    expect(first.retried).toBe(1);
    const [job] = (await pushJobs()).filter((j) => j.status === 'queued');
    expect(job!.attempts).toBe(1);
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect((await subscriptionRow(device.id))!.lastFailureAt).not.toBeNull();

    const later = (ms: number) => new Date(Date.now() + ms);
    expect((await runPushJobs(t.app, {}, later(60_000))).retried).toBe(1);
    expect((await runPushJobs(t.app, {}, later(5 * 60_000))).done).toBe(1);
    const pushes = service.to(device.endpoint);
    expect(pushes).toHaveLength(3);
    expect(json(device.subscriber.decrypt(pushes[2]!.body)).title).toContain('pledged $10.00');
    expect(await subscriptionRow(device.id)).toBeDefined();
  });

  it('another 4xx is logged and dropped: not retried, the subscription kept', async () => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    await pledgeOnDareOf(creator);
    service.answerNext(400);
    const report = await runPushJobs(t.app);
    expect(report).toMatchObject({ done: 1, retried: 0, failed: 0 });
    expect(await subscriptionRow(device.id)).toBeDefined();
  });

  it('no answer: the request times out, the job is retried, and the runner goes on with the rest', async () => {
    const creator = await registerUser(t.app);
    const silent = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    const other = await registerUser(t.app);
    const fine = await registerPushDevice(t.app, other.cookie, service.endpoint());
    await pledgeOnDareOf(creator);
    await pledgeOnDareOf(other);
    // The first request (the first job, the creator's) hangs; the next is answered.
    service.answerNext('hang');
    const started = Date.now();
    const report = await runPushJobs(t.app, { timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(report).toMatchObject({ retried: 1, done: 1 });
    expect(service.to(silent.endpoint)).toHaveLength(1);
    expect(service.to(fine.endpoint)).toHaveLength(1);
    const [retry] = (await pushJobs()).filter((j) => j.status === 'queued');
    expect(retry!.lastError).toMatch(/no answer within 500 ms/);
    // Its next try is answered.
    await runPushJobs(t.app, {}, new Date(Date.now() + 60_000));
    expect(service.to(silent.endpoint)).toHaveLength(2);
  });
});

describe('the address rule at send time', () => {
  it('refuses a name that resolves to a private address: nothing is sent, the subscription goes', async () => {
    const creator = await registerUser(t.app);
    // Registered by name (names pass registration), then pointed at loopback by DNS.
    const endpoint = `https://push.example.com:${service.port}/push/rebind`;
    const device = await registerPushDevice(t.app, creator.cookie, endpoint);
    const dareId = await pledgeOnDareOf(creator);
    const [notification] = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.dareId, dareId)));
    // The production rules: the insecure switch off.
    const strict = {
      ...t.app.ctx,
      config: { ...t.config, push: { ...t.config.push, allowInsecureEndpoints: false } },
    };
    for (const answer of [['127.0.0.1'], ['93.184.216.34', '10.0.0.1'], ['::ffff:127.0.0.1']]) {
      await t.app.ctx.db
        .insert(pushSubscriptions)
        .values({
          userId: creator.user.id,
          endpoint,
          ...device.subscriber.subscription(endpoint).keys,
        })
        .onConflictDoNothing();
      const [row] = await t.app.ctx.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      const resolved = answer.map((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      }));
      const outcome = await sendPush(
        strict,
        { subscriptionId: row!.id, notificationId: notification!.id },
        { resolve: async () => resolved },
      );
      expect(outcome, answer.join()).toBe('refused');
      expect(await subscriptionRow(row!.id)).toBeUndefined();
    }
    expect(service.received).toEqual([]);
  });

  it('logs the push service host, never the endpoint path', async () => {
    const creator = await registerUser(t.app);
    const device = await registerPushDevice(t.app, creator.cookie, service.endpoint());
    await pledgeOnDareOf(creator);
    service.answerNext(410);
    await runPushJobs(t.app);
    const secret = new URL(device.endpoint).pathname;
    expect(logs.text()).toContain(`127.0.0.1:${service.port}`);
    expect(logs.text()).not.toContain(secret);
  });
});
