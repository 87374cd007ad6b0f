import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, gatewayPaymentIntents, jobs, pledges, submissions } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { fromRoot } from '@/server/lib/project-root';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { expireDares, scheduleDareExpiry } from '@/server/modules/lifecycle/expire-dares';
import { createDare } from '../support/dares';
import { addFundedPledge, addUser, fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Runs ticks at `now` until nothing is due (the expiry job, then the release it enqueued). */
async function tickUntilIdle(now: Date, workerId = 'test') {
  for (let i = 0; i < 10; i += 1) {
    const report = await runDueJobs(t.app.ctx, { now, workerId, gateway: h.gateway });
    if (report.claimed === 0) return;
  }
}

const dareRow = async (id: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!;

/** A pending 3-day self dare, its deadline scheduled, with two paid pledges. */
async function fundedPendingDare() {
  const { db } = t.app.ctx;
  const creator = await addUser(t, 'creator');
  const dare = await createDare(db, {
    creatorId: creator.id,
    status: 'pending',
    targetAmountCents: 100_000,
    durationDays: 3,
  });
  await scheduleDareExpiry(db, dare);
  const held = [];
  for (const amountCents of [1500, 2500]) {
    const userId = (await addUser(t)).id;
    held.push(await addFundedPledge(t, h, { userId, dareId: dare.id, amountCents }));
  }
  return { dare, held };
}

describe('dare expiry', () => {
  it('a dare created over HTTP has its expiry job scheduled at its deadline', async () => {
    const { cookie } = await registerUser(t.app);
    const videoKey = `videos/${randomUUID()}.mp4`;
    await t.app.ctx.storage.put(
      videoKey,
      readFileSync(fromRoot('assets/demo/ice-bucket-challenge.mp4')),
      'video/mp4',
    );
    const expiresAt = new Date(Date.now() + 3 * DAY).toISOString();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dares',
      headers: { cookie },
      payload: {
        title: 'Eat a lemon',
        description: 'A whole lemon, peel and all.',
        targetAmount: 25,
        category: 'Food',
        contentRating: 'G',
        pitchVideo: `/media/${videoKey}`,
        expiresAt,
        dareType: 'self',
        isPublicChallenge: false,
      },
    });
    expect(response.statusCode).toBe(201);
    const [job] = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `expire:dare:${response.json().id}`));
    expect(job).toMatchObject({ kind: 'expire-dare', status: 'queued' });
    // The deadline the server stored (3 days on its own clock) is when the job runs.
    expect(job!.runAt.toISOString()).toBe(response.json().expiresAt);
  });

  it('fails a pending dare at its deadline and releases its holds; the ledger stays clean', async () => {
    const { db } = t.app.ctx;
    const { dare, held } = await fundedPendingDare();
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 4000, pledgeCount: 2 });

    // Before the deadline nothing happens.
    await tickUntilIdle(new Date(dare.expiresAt.getTime() - 60_000));
    expect((await dareRow(dare.id)).status).toBe('pending');

    await tickUntilIdle(new Date(dare.expiresAt.getTime() + 1000));
    expect(await dareRow(dare.id)).toMatchObject({
      status: 'failed',
      currentAmountCents: 0,
      pledgeCount: 0,
    });
    const rows = await db.select().from(pledges).where(eq(pledges.dareId, dare.id));
    expect(rows.map((p) => p.status)).toEqual(['released', 'released']);
    for (const { intent } of held) {
      const [row] = await db
        .select()
        .from(gatewayPaymentIntents)
        .where(eq(gatewayPaymentIntents.id, intent.id));
      expect(row!.status).toBe('canceled');
    }
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('leaves an active dare with a proof under vote to its vote', async () => {
    const { db } = t.app.ctx;
    const taker = await addUser(t, 'taker');
    const dare = await createDare(db, { creatorId: taker.id, durationDays: 3 });
    await scheduleDareExpiry(db, dare);
    await addFundedPledge(t, h, {
      userId: (await addUser(t)).id,
      dareId: dare.id,
      amountCents: 900,
    });
    await db.insert(submissions).values({
      dareId: dare.id,
      userId: taker.id,
      videoUrl: '/media/videos/proof.mp4',
      votingEndsAt: new Date(Date.now() + DAY),
    });
    await db.update(dares).set({ status: 'active' }).where(eq(dares.id, dare.id));

    await tickUntilIdle(new Date(dare.expiresAt.getTime() + 2 * HOUR));
    expect(await dareRow(dare.id)).toMatchObject({ status: 'active', pledgeCount: 1 });
    const [pledge] = await db.select().from(pledges).where(eq(pledges.dareId, dare.id));
    expect(pledge!.status).toBe('authorized');
  });

  it('a server down over the deadline catches up at its first tick (job lost: the sweep)', async () => {
    const { db } = t.app.ctx;
    const { dare } = await fundedPendingDare();
    const second = await fundedPendingDare();
    // The first dare's own job is gone: only the sweep can find it.
    await db.delete(jobs).where(eq(jobs.dedupeKey, `expire:dare:${dare.id}`));

    // Back up an hour after both deadlines: one tick fails both, the next releases their holds.
    const later = new Date(second.dare.expiresAt.getTime() + HOUR);
    await runDueJobs(t.app.ctx, { now: later, workerId: 'first-tick', gateway: h.gateway });
    expect((await dareRow(dare.id)).status).toBe('failed');
    expect((await dareRow(second.dare.id)).status).toBe('failed');
    await tickUntilIdle(later);
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 0, pledgeCount: 0 });
    expect(await dareRow(second.dare.id)).toMatchObject({ currentAmountCents: 0, pledgeCount: 0 });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('the job and the sweep racing fail the dare once and enqueue one release', async () => {
    const { db } = t.app.ctx;
    const { dare } = await fundedPendingDare();
    const now = new Date(dare.expiresAt.getTime() + 1000);
    const results = await Promise.all([
      expireDares(t.app.ctx, now, [dare.id]),
      expireDares(t.app.ctx, now),
      expireDares(t.app.ctx, now, [dare.id]),
      expireDares(t.app.ctx, now),
    ]);
    expect(results.filter((ids) => ids.includes(dare.id))).toHaveLength(1);
    const releases = await db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'release-dare-funding'), eq(jobs.dedupeKey, `funding:dare:${dare.id}`)),
      );
    expect(releases).toHaveLength(1);
    await tickUntilIdle(now);
    expect(await dareRow(dare.id)).toMatchObject({ status: 'failed', pledgeCount: 0 });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });
});
