import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import { dares, pledges, sessions, users } from '@/server/db/schema';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { createDare } from '../support/dares';
import { addFundedPledge, addUser, fundingGateway } from '../support/funded-pledges';
import { postModerationAction, registerStaff } from '../support/moderation-actions';
import { openSse } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import { accountLinkToken, registerUser, sessionCookie, uniqueAddress } from '../support/users';

/** Issue 21 item 4: suspending an account, and lifting it. */
let t: TestApp;
let base: string;
let mod: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  mod = await registerStaff(t);
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueAddress(),
    payload: { email, password },
  });
const suspend = (targetType: 'user' | 'dare' | 'comment', targetId: number, until?: Date) =>
  postModerationAction(t, mod.cookie, {
    action: 'suspend',
    targetType,
    targetId,
    reason: 'Dangerous dares',
    ...(until ? { until: until.toISOString() } : {}),
  });
const unsuspend = (userId: number) =>
  postModerationAction(t, mod.cookie, {
    action: 'unsuspend',
    targetType: 'user',
    targetId: userId,
    reason: 'Appeal accepted',
  });

describe('suspending an account', () => {
  it('ends its sessions and closes its open event stream within a second', async () => {
    const member = await registerUser(t.app);
    const second = sessionCookie(await login(member.email, member.password));
    const stream = await openSse(`${base}/api/events`, { cookie: second });
    expect(stream.status).toBe(200);

    const suspendedAt = Date.now();
    expect((await suspend('user', member.user.id)).statusCode).toBe(200);
    const outcome = await Promise.race([
      stream.ended.then(() => 'closed'),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 1 s'), 1000)),
    ]);
    expect(outcome).toBe('closed');
    expect(Date.now() - suspendedAt).toBeLessThan(1000);
    for (const cookie of [member.cookie, second]) {
      expect((await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    }
    const left = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, member.user.id));
    expect(left).toHaveLength(0);
  });

  it("refuses login with the suspension's end date, or for good; unsuspend lets them back in", async () => {
    const member = await registerUser(t.app);
    const until = new Date('2099-12-03T15:00:00Z');
    const response = await suspend('user', member.user.id, until);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ action: 'suspend', until: until.toISOString() });
    const refused = await login(member.email, member.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is suspended until December 3, 2099');
    // A wrong password is still just a wrong password.
    expect((await login(member.email, 'not-the-password')).statusCode).toBe(401);

    // Suspended again, for good: the new term replaces the old.
    expect((await suspend('user', member.user.id)).statusCode).toBe(200);
    const forGood = await login(member.email, member.password);
    expect(forGood.statusCode).toBe(403);
    expect(forGood.json().message).toBe(MODERATION_MESSAGES.suspended);

    expect((await unsuspend(member.user.id)).statusCode).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ suspendedAt: null, suspendedUntil: null });
  });

  it('a password reset does not sign a suspended person in (the link keeps working for later)', async () => {
    const member = await registerUser(t.app);
    expect((await suspend('user', member.user.id)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      remoteAddress: uniqueAddress(),
      payload: { email: member.email },
    });
    const token = await accountLinkToken(t.app, member.email, 'reset-password');
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset/confirm',
        payload: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      });
    const refused = await confirm();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MODERATION_MESSAGES.suspended);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await login(member.email, member.password)).statusCode).toBe(403);
    expect((await unsuspend(member.user.id)).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(200);
  });

  it('acts on the owner of any target and removes its funding-stage dares, releasing their holds', async () => {
    const { db } = t.app.ctx;
    const h = fundingGateway(t);
    const member = await registerUser(t.app);
    const funding = await createDare(db, { creatorId: member.user.id, status: 'pending' });
    const active = await createDare(db, { creatorId: member.user.id, status: 'active' });
    const done = await createDare(db, { creatorId: member.user.id, status: 'completed' });
    for (const dare of [funding, active]) {
      for (let i = 0; i < 2; i++) {
        const pledger = await addUser(t);
        await addFundedPledge(t, h, { userId: pledger.id, dareId: dare.id, amountCents: 1000 });
      }
    }
    // Suspended from one of its dares: the action is on the dare's owner.
    expect((await suspend('dare', funding.id)).statusCode).toBe(200);
    const rows = await db.select().from(dares).where(eq(dares.creatorId, member.user.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const dare of [funding, active]) {
      expect(byId.get(dare.id)).toMatchObject({ status: 'failed', moderationState: 'removed' });
      const held = await db.select().from(pledges).where(eq(pledges.dareId, dare.id));
      expect(held.map((p) => p.status)).toEqual(['released', 'released']);
    }
    expect(byId.get(done.id)).toMatchObject({ status: 'completed', moderationState: null });
    const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.suspendedAt).not.toBeNull();
    expect(row!.suspendedUntil).toBeNull();
    const report = await checkLedgerIntegrity(db, { now: new Date(Date.now() + 120_000) });
    expect(report.problems).toEqual([]);
    // Unsuspending does not bring the dares back.
    expect((await unsuspend(member.user.id)).statusCode).toBe(200);
    const [still] = await db.select().from(dares).where(eq(dares.id, funding.id));
    expect(still).toMatchObject({ status: 'failed', moderationState: 'removed' });
  });
});
