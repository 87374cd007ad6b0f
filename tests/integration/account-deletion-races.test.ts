import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGateway } from '@/server/adapters/payments/create-gateway';
import { accountDeletions, dares, mailOutbox, pledges } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { claimDeletion } from '@/server/modules/account-deletion/claim';
import { FINISH_ACCOUNT_DELETIONS_JOB } from '@/server/modules/account-deletion/finish';
import { deleteAccount } from '@/server/modules/account-deletion/service';
import { checkCurrentPassword } from '@/server/modules/account-security/current-password';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import {
  deleteAccountRequest,
  gatewayDyingAt,
  heldIntentsOf,
  openPledgesOf,
  releaseGroupsPerPledge,
} from '../support/account-deletion';
import { createDare } from '../support/dares';
import { pledgeOverHttp } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 20 item 4's attacks on the money, on PGlite and Postgres: 20 parallel deletes, a
 * delete racing pledges, and a process dying in the middle of a delete. Each time exactly one
 * deletion happens, no hold is left on the deleted account, no hold is released twice, and
 * check-ledger passes.
 */
const MINUTE = 60 * 1000;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A user with a live $10 pledge on each of `count` funding dares of someone else. */
async function pledgerWith(count: number) {
  const pledger = await registerUser(t.app);
  const creator = await registerUser(t.app);
  const dareIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.user.id, status: 'pending' });
    const flow = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 10);
    expect(flow.confirm?.statusCode).toBe(200);
    dareIds.push(dare.id);
  }
  return { pledger, dareIds };
}

/** No hold left on the account, each of its pledges released at most once, books balanced. */
async function expectMoneySettled(userId: number, dareIds: number[]) {
  const db = t.app.ctx.db;
  expect(await openPledgesOf(db, userId)).toEqual([]);
  expect(await heldIntentsOf(db, userId), JSON.stringify(await heldIntentsOf(db, userId))).toEqual(
    [],
  );
  const own = await db.select({ id: pledges.id }).from(pledges).where(eq(pledges.userId, userId));
  const groups = await releaseGroupsPerPledge(
    db,
    own.map((p) => p.id),
  );
  expect([...groups.values()].every((n) => n === 1)).toBe(true);
  for (const dareId of dareIds) {
    const [dare] = await db.select().from(dares).where(eq(dares.id, dareId));
    expect(dare?.currentAmountCents).toBe(0);
  }
  const report = await checkLedgerIntegrity(db, { now: later(2) });
  expect(report.problems).toEqual([]);
}

const confirmationsTo = async (email: string) =>
  (await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
    (row) => row.subject === 'Your Darefund account was deleted',
  );

describe('deleting an account under attack', () => {
  it('lets exactly one of 20 parallel deletes win, and releases each hold once', async () => {
    const { pledger, dareIds } = await pledgerWith(3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        deleteAccountRequest(t.app, pledger.cookie, pledger.password),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
    await expectMoneySettled(pledger.user.id, dareIds);
    expect(await confirmationsTo(pledger.email)).toHaveLength(1);
  }, 60_000);

  it('answers 401, not "wrong password", to a delete whose account went while it checked', async () => {
    // The window the 20 parallel deletes hit now and then: this request found the account,
    // then a parallel one claimed it (the password hash is gone) before its password check.
    const { pledger } = await pledgerWith(0);
    const caller = { userId: pledger.user.id, ip: '10.9.9.8' };
    await claimDeletion(t.app.ctx, pledger.user.id);
    await expect(
      checkCurrentPassword(t.app.ctx, caller, pledger.password, 'Wrong password'),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it('leaves no hold when pledges race the delete', async () => {
    const pledger = await registerUser(t.app);
    const creator = await registerUser(t.app);
    const dareIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      const dare = await createDare(t.app.ctx.db, {
        creatorId: creator.user.id,
        status: 'pending',
      });
      dareIds.push(dare.id);
    }
    // Flows start before and during the deletion (its password check takes a while) ...
    const flows = dareIds.slice(0, 6).map(async (dareId, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 25));
      return pledgeOverHttp(t.app, pledger.cookie, dareId, 10);
    });
    const deletion = deleteAccountRequest(t.app, pledger.cookie, pledger.password);
    const [deleted] = await Promise.all([deletion, ...flows]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // ... and after it: refused before anything is made.
    for (const dareId of dareIds.slice(6)) {
      const late = await pledgeOverHttp(t.app, pledger.cookie, dareId, 10);
      expect(late.created.statusCode).toBe(401);
    }
    await expectMoneySettled(pledger.user.id, dareIds);
  }, 60_000);

  it('is finished by the retry job after a crash in the middle, without a double release', async () => {
    const { pledger, dareIds } = await pledgerWith(3);
    const dying = gatewayDyingAt(paymentGateway(t.app.ctx), 2);
    const caller = { userId: pledger.user.id, ip: '10.9.9.9' };
    await deleteAccount(t.app.ctx, caller, { password: pledger.password }, { gateway: dying });

    // Mid-way: the account is gone, one hold released, two still counted; the books balance.
    const db = t.app.ctx.db;
    expect(
      (await t.app.inject({ url: '/api/user', headers: { cookie: pledger.cookie } })).statusCode,
    ).toBe(401);
    expect(await openPledgesOf(db, pledger.user.id)).toHaveLength(2);
    expect((await checkLedgerIntegrity(db, { now: later(2) })).problems).toEqual([]);
    expect(await confirmationsTo(pledger.email)).toHaveLength(0);

    const tick = (now: Date) =>
      runDueJobs(t.app.ctx, {
        workerId: 'test',
        now,
        periodic: [{ kind: FINISH_ACCOUNT_DELETIONS_JOB, everyMs: MINUTE }],
      });
    expect((await tick(later(2))).done).toBeGreaterThanOrEqual(1);
    await expectMoneySettled(pledger.user.id, dareIds);
    const [record] = await db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, pledger.user.id));
    expect(record).toMatchObject({ email: null, profilePicture: null });
    expect(record?.finishedAt).not.toBeNull();
    await tick(later(4));
    expect(await confirmationsTo(pledger.email)).toHaveLength(1);
    await expectMoneySettled(pledger.user.id, dareIds);
  }, 60_000);
});
