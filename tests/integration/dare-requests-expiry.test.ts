import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dareRequests, notifications } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { fromRoot } from '@/server/lib/project-root';
import { expireDareRequests } from '@/server/modules/dare-requests/expire-requests';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
let api: ReturnType<typeof dareRequestCalls>;
let videoUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  api = dareRequestCalls(t.app);
  const key = `videos/${randomUUID()}.mp4`;
  await t.app.ctx.storage.put(
    key,
    readFileSync(fromRoot('assets/demo/ice-bucket-challenge.mp4')),
    'video/mp4',
  );
  videoUrl = `/media/${key}`;
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function pendingRequest() {
  const sender = await registerUser(t.app);
  const recipient = await registerUser(t.app, { displayName: 'Rita' });
  const sent = await api.send(sender.cookie, requestBody({ recipientId: recipient.user.id }));
  return { sender, recipient, id: sent.json().id as number };
}

const statusOf = async (id: number) =>
  (await t.app.ctx.db.select().from(dareRequests).where(eq(dareRequests.id, id)))[0]!.status;
const expiredNotes = async (userId: number) =>
  (await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.kind === 'dare_request_expired',
  );

describe('dare request expiry', () => {
  it('is refused (409) and shown expired once its week has passed, before any job ran', async () => {
    const { recipient, sender, id } = await pendingRequest();
    await t.app.ctx.db
      .update(dareRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dareRequests.id, id));
    for (const answer of ['accept', 'decline'] as const) {
      const response = await api.answer(recipient.cookie, id, answer);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This dare request is no longer pending');
    }
    expect((await api.list(recipient.cookie, 'received')).json()[0].status).toBe('expired');
    expect((await api.list(sender.cookie, 'sent')).json()[0].status).toBe('expired');
    expect(await statusOf(id)).toBe('pending');
  });

  it('its own job marks it expired 7 days after sending and tells the sender once', async () => {
    const { recipient, sender, id } = await pendingRequest();
    const early = await runDueJobs(t.app.ctx, {
      workerId: 'test',
      periodic: [],
      now: new Date(Date.now() + 6 * DAY),
    });
    expect(early.failed).toBe(0);
    expect(await statusOf(id)).toBe('pending');

    await runDueJobs(t.app.ctx, {
      workerId: 'test',
      periodic: [],
      now: new Date(Date.now() + 7 * DAY + 60_000),
      limit: 100,
    });
    expect(await statusOf(id)).toBe('expired');
    const notes = await expiredNotes(sender.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toMatchObject({ dareTitle: 'Sing in the rain', recipientName: 'Rita' });
    // Running the expiry again (the sweep) changes nothing and tells nobody twice.
    expect(await expireDareRequests(t.app.ctx, new Date(Date.now() + 8 * DAY), [id])).toEqual([]);
    expect(await expiredNotes(sender.user.id)).toHaveLength(1);
    expect((await api.answer(recipient.cookie, id, 'accept')).statusCode).toBe(409);
  });

  it('the periodic sweep expires only pending requests past their time', async () => {
    const late = await pendingRequest();
    const answered = await pendingRequest();
    const fresh = await pendingRequest();
    await api.answer(answered.recipient.cookie, answered.id, 'decline');
    await t.app.ctx.db
      .update(dareRequests)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(sql`${dareRequests.id} IN (${late.id}, ${answered.id})`);
    await runDueJobs(t.app.ctx, {
      workerId: 'test',
      periodic: [{ kind: 'expire-dare-requests-sweep', everyMs: 5 * 60_000 }],
      limit: 100,
    });
    expect(await statusOf(late.id)).toBe('expired');
    expect(await statusOf(answered.id)).toBe('declined');
    expect(await statusOf(fresh.id)).toBe('pending');
  });
});

describe('POST /api/dares/{id}/pitch-video', () => {
  const setPitch = (id: number, cookie: string | undefined, pitchVideo = videoUrl) =>
    t.app.inject({
      method: 'POST',
      url: `/api/dares/${id}/pitch-video`,
      payload: { pitchVideo },
      headers: cookie ? { cookie } : {},
    });

  it('lets the recipient add the pitch to the accepted dare, which then reaches the feed', async () => {
    const { sender, recipient, id } = await pendingRequest();
    const { dareId } = (await api.answer(recipient.cookie, id, 'accept')).json();
    const inFeed = async () =>
      (await t.app.inject({ url: '/api/dares?limit=50' }))
        .json()
        .items.some((d: { id: number }) => d.id === dareId);
    expect(await inFeed()).toBe(false);
    const needsPitch = async () =>
      (await api.list(recipient.cookie, 'received')).json()[0].dareNeedsPitch;
    expect(await needsPitch()).toBe(true);

    expect((await setPitch(dareId, sender.cookie)).statusCode).toBe(403);
    expect((await setPitch(dareId, undefined)).statusCode).toBe(401);
    const outside = await setPitch(dareId, recipient.cookie, 'https://example.com/x.mp4');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(
      'Pitch video is required for self dares and public challenges',
    );

    const added = await setPitch(dareId, recipient.cookie);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: dareId, pitchVideo: videoUrl });
    expect(await inFeed()).toBe(true);
    expect(await needsPitch()).toBe(false);

    const again = await setPitch(dareId, recipient.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This dare already has a pitch video');
  });

  it('refuses unknown and finished dares', async () => {
    const { user, cookie } = await registerUser(t.app);
    expect((await setPitch(2_000_000_000, cookie)).statusCode).toBe(404);
    const failed = await createDare(t.app.ctx.db, {
      creatorId: user.id,
      pitchVideo: null,
      status: 'failed',
    });
    const response = await setPitch(failed.id, cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This dare is no longer open');
  });
});
