import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, pledges, users } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { FINISH_ACCOUNT_DELETIONS_JOB } from '@/server/modules/account-deletion/finish';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { heldIntentsOf, openPledgesOf, releaseGroupsPerPledge } from '../support/account-deletion';
import { createDare } from '../support/dares';
import { CARDS, cardPayment } from '../support/pledge-http';
import { jsonPoster, registerOverHttp, startAppProcess } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 20 item 4 with a real crash: the server process is killed with SIGKILL while it
 * releases a deleted account's pledges (the kill is sent as soon as the first one shows as
 * released). Nothing is lost: the account is gone, the books balance mid-way, and the
 * finish-account-deletions job completes the deletion, each hold released exactly once.
 * Postgres only: a second process cannot open the in-process PGlite database.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const MINUTE = 60 * 1000;
const PLEDGES = 30;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

let t: TestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!onPostgres)('a server killed with SIGKILL during an account deletion', () => {
  it('leaves a deletion the retry job finishes, with the books balanced', async () => {
    const app = await startAppProcess({ DATABASE_URL: t.config.databaseUrl!, LOG_LEVEL: 'warn' });
    await app.ready;
    const db = t.app.ctx.db;
    const email = `crash-leaver.${Date.now()}@example.com`;
    const cookie = await registerOverHttp(app.base, email);
    const [leaver] = await db.select().from(users).where(eq(users.email, email));
    const [creator] = await db
      .insert(users)
      .values({
        email: `crash-creator.${Date.now()}@example.com`,
        username: `crashcreator${Date.now()}`,
        passwordHash: 'x',
      })
      .returning();
    const call = jsonPoster(app.base, cookie);
    for (let i = 0; i < PLEDGES; i++) {
      const dare = await createDare(db, { creatorId: creator!.id, status: 'pending' });
      const pledge = (await call('/api/pledges', { dareId: dare.id, amount: 10 })).json;
      const intent = (
        await call('/api/pledges/payment-intent', {
          pledgeId: pledge.id,
          dareId: dare.id,
          amount: 1000,
        })
      ).json;
      await call('/api/payments/simulated/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethod: cardPayment(CARDS.visa),
      });
    }
    expect(await openPledgesOf(db, leaver!.id)).toHaveLength(PLEDGES);

    // The delete, and the kill the moment its first release is in the database.
    const deletion = fetch(`${app.base}/api/account`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: app.base, cookie },
      body: JSON.stringify({ password: 'secret1' }),
    }).catch(() => null);
    const released = sql<number>`count(*)::int`;
    for (let polls = 0; polls < 2000; polls++) {
      const [row] = await db
        .select({ n: released })
        .from(pledges)
        .where(and(eq(pledges.userId, leaver!.id), eq(pledges.status, 'released')));
      if ((row?.n ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    app.server.child.kill('SIGKILL');
    expect((await app.server.exited).signal).toBe('SIGKILL');
    await deletion;
    await app.stop();

    const left = await openPledgesOf(db, leaver!.id);
    console.log(
      `kill -9 during the deletion: ${left.length} of ${PLEDGES} pledges left to release`,
    );
    const [claimed] = await db
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, leaver!.id), isNotNull(accountDeletions.startedAt)));
    expect(claimed?.finishedAt ?? null).toBeNull();
    expect((await checkLedgerIntegrity(db, { now: later(2) })).problems).toEqual([]);

    await runDueJobs(t.app.ctx, {
      workerId: 'after-crash',
      now: later(2),
      periodic: [{ kind: FINISH_ACCOUNT_DELETIONS_JOB, everyMs: MINUTE }],
    });
    expect(await openPledgesOf(db, leaver!.id)).toEqual([]);
    expect(await heldIntentsOf(db, leaver!.id)).toEqual([]);
    const own = await db
      .select({ id: pledges.id })
      .from(pledges)
      .where(eq(pledges.userId, leaver!.id));
    const groups = await releaseGroupsPerPledge(
      db,
      own.map((p) => p.id),
    );
    expect([...groups.values()]).toEqual(own.map(() => 1));
    const [finished] = await db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, leaver!.id));
    expect(finished?.finishedAt).not.toBeNull();
    expect((await checkLedgerIntegrity(db, { now: later(2) })).problems).toEqual([]);
  }, 120_000);
});
