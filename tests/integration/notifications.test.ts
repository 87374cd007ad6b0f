import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, mailOutbox, notifications, users } from '@/server/db/schema';
import { completeDareFunding } from '@/server/modules/funding/complete-funding';
import { releaseDareFunding } from '@/server/modules/funding/release-funding';
import { notify } from '@/server/modules/notifications/notify';
import { inPledgeTransaction, transitionPledge } from '@/server/modules/pledges/pledge-transitions';
import { createDare } from '../support/dares';
import {
  addFundedPledge,
  addPayoutAccount,
  addUser,
  fundingGateway,
} from '../support/funded-pledges';
import { pledgeOverHttp } from '../support/pledge-http';
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

/** The money notices a user got (achievement unlocks are tested in achievements.test.ts). */
const kindsOf = async (userId: number) =>
  (
    await t.app.ctx.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id)
  )
    .map((row) => row.kind)
    .filter((kind) => kind !== 'achievement_unlocked');

const mailTo = async (userId: number) => {
  const [user] = await t.app.ctx.db.select().from(users).where(eq(users.id, userId));
  const mails = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user!.email));
  // Not the registration's verification email (kind 'account'): only what notifications sent.
  return mails.filter(
    (mail) => mail.kind !== 'account' && !mail.subject.startsWith('Achievement Unlocked!'),
  );
};

const list = (cookie: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: { cookie } });

describe('notifications written with their cause', () => {
  it('a pledge reaching the goal tells the creator twice, once each, however often it is confirmed', async () => {
    const creator = await registerUser(t.app, { displayName: 'Casey' });
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.user.id,
      status: 'pending',
      targetAmountCents: 2000,
      title: 'Swim <the> lake',
    });
    const pledger = await registerUser(t.app, { displayName: 'Pat' });
    const paid = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 20);
    expect(paid.confirm?.json()).toMatchObject({ status: 'requires_capture' });
    // The client asks again (as the pledge screen does): the authorization is already counted.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${paid.pledgeId}`,
      headers: { cookie: pledger.cookie },
    });
    expect(again.statusCode).toBe(200);

    const page = await list(creator.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      unreadCount: 2,
      nextCursor: null,
      items: [
        {
          kind: 'goal_reached',
          dareId: dare.id,
          text: 'Your dare "Swim <the> lake" reached its goal',
          href: `/dares/${dare.id}`,
          read: false,
        },
        { kind: 'pledge_received', text: 'Pat pledged $20.00 to "Swim <the> lake"' },
      ],
    });
    expect(await kindsOf(pledger.user.id)).toEqual([]);

    const mail = await mailTo(creator.user.id);
    expect(mail.map((m) => m.subject)).toEqual([
      'Pat pledged $20.00 to "Swim <the> lake"',
      'Your dare "Swim <the> lake" reached its goal',
    ]);
    expect(mail[0]!.text).toContain(`http://localhost:3000/dares/${dare.id}`);
    expect(mail[0]!.html).toContain('Swim &lt;the&gt; lake');
    expect(mail[0]!.html).toContain(`href="http://localhost:3000/dares/${dare.id}"`);
  });

  it('pledges racing past the goal tell the creator of it once', async () => {
    const creator = await addUser(t, 'creator');
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      status: 'pending',
      targetAmountCents: 1000,
    });
    const pledgers = await Promise.all([0, 1, 2, 3].map(() => addUser(t)));
    await Promise.all(
      pledgers.map((p) =>
        addFundedPledge(t, h, { userId: p.id, dareId: dare.id, amountCents: 500 }),
      ),
    );
    const kinds = await kindsOf(creator.id);
    expect(kinds.filter((k) => k === 'pledge_received')).toHaveLength(4);
    expect(kinds.filter((k) => k === 'goal_reached')).toHaveLength(1);
  });

  it('a creator pledging on their own dare is not told about it', async () => {
    const creator = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.user.id });
    await pledgeOverHttp(t.app, creator.cookie, dare.id, 5);
    expect(await kindsOf(creator.user.id)).toEqual([]);
  });

  it('a transaction that rolls back leaves no notification and no email', async () => {
    const creator = await addUser(t, 'creator');
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.id, status: 'pending' });
    const pledger = await addUser(t);
    const funded = await addFundedPledge(t, h, {
      userId: pledger.id,
      dareId: dare.id,
      amountCents: 500,
    });
    const failing = inPledgeTransaction(t.app.ctx, async (tx) => {
      await transitionPledge(tx, funded.pledge.id, 'release', {}, t.config.publicUrl);
      throw new Error('the cause failed after the transition');
    });
    await expect(failing).rejects.toThrow('the cause failed');
    expect(await kindsOf(pledger.id)).toEqual([]);
    expect(await mailTo(pledger.id)).toHaveLength(0);
  });

  it('capture charges each pledger once, the taker waits for a payout account, then is paid', async () => {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const taker = await addUser(t, 'taker');
    const dare = await createDare(db, {
      creatorId: creator.id,
      takerId: taker.id,
      targetAmountCents: 100_000,
    });
    const a = await addUser(t);
    const b = await addUser(t);
    await addFundedPledge(t, h, { userId: a.id, dareId: dare.id, amountCents: 1500 });
    await addFundedPledge(t, h, { userId: b.id, dareId: dare.id, amountCents: 2500 });
    await db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));

    const options = { gateway: h.gateway, now: h.now };
    await Promise.all([
      completeDareFunding(t.app.ctx, dare.id, options),
      completeDareFunding(t.app.ctx, dare.id, options),
    ]);
    await completeDareFunding(t.app.ctx, dare.id, options);
    expect(await kindsOf(a.id)).toEqual(['card_charged']);
    expect(await kindsOf(b.id)).toEqual(['card_charged']);
    expect((await mailTo(b.id))[0]!.subject).toBe(
      `Your card was charged $25.00 for "${dare.title}"`,
    );
    expect(await kindsOf(taker.id)).toEqual(['payout_waiting']);

    await addPayoutAccount(t, h, taker.id, { verified: true });
    await completeDareFunding(t.app.ctx, dare.id, options);
    await completeDareFunding(t.app.ctx, dare.id, options);
    expect(await kindsOf(taker.id)).toEqual(['payout_waiting', 'payout_sent']);
    expect(await mailTo(taker.id)).toHaveLength(2);
  });

  it('a taker with a verified account is only told the payout was sent', async () => {
    const { db } = t.app.ctx;
    const taker = await addUser(t, 'taker');
    await addPayoutAccount(t, h, taker.id, { verified: true });
    const creator = await addUser(t, 'creator');
    const dare = await createDare(db, {
      creatorId: creator.id,
      takerId: taker.id,
      targetAmountCents: 100_000,
    });
    await addFundedPledge(t, h, {
      userId: (await addUser(t)).id,
      dareId: dare.id,
      amountCents: 1000,
    });
    await db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));
    await completeDareFunding(t.app.ctx, dare.id, { gateway: h.gateway, now: h.now });
    expect(await kindsOf(taker.id)).toEqual(['payout_sent']);
  });

  it('a failed dare releases each hold with one notification; a renewal failure notifies once', async () => {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const dare = await createDare(db, { creatorId: creator.id, targetAmountCents: 100_000 });
    const held = await addUser(t);
    const renewing = await addUser(t);
    await addFundedPledge(t, h, { userId: held.id, dareId: dare.id, amountCents: 1000 });
    const r = await addFundedPledge(t, h, {
      userId: renewing.id,
      dareId: dare.id,
      amountCents: 700,
    });
    for (let i = 0; i < 2; i += 1) {
      await inPledgeTransaction(t.app.ctx, (tx) =>
        transitionPledge(
          tx,
          r.pledge.id,
          'renew_failed',
          { actionRequiredAt: h.now() },
          t.config.publicUrl,
        ),
      );
    }
    expect(await kindsOf(renewing.id)).toEqual(['hold_renewal_failed']);
    const [renewal] = await mailTo(renewing.id);
    expect(renewal!.text).toContain(`http://localhost:3000/pledge/${r.pledge.id}/payment`);

    await db.update(dares).set({ status: 'failed' }).where(eq(dares.id, dare.id));
    await releaseDareFunding(t.app.ctx, dare.id, { gateway: h.gateway, now: h.now });
    await releaseDareFunding(t.app.ctx, dare.id, { gateway: h.gateway, now: h.now });
    expect(await kindsOf(held.id)).toEqual(['hold_released']);
    expect(await kindsOf(renewing.id)).toEqual(['hold_renewal_failed', 'hold_released']);
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  async function seed(userId: number, count: number) {
    await t.app.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < count; i += 1) {
        await notify(tx, t.config.publicUrl, {
          userId,
          dareId: null,
          kind: 'hold_released',
          data: { dareTitle: `Dare ${i}`, amountCents: 100 * (i + 1), pledgeId: 1 },
        });
      }
    });
  }

  it('pages newest first with the unread count; marks read by id or all; sees only its own', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    await seed(me.user.id, 25);
    await seed(other.user.id, 3);

    const first = (await list(me.cookie, '?limit=10')).json();
    expect(first.items).toHaveLength(10);
    expect(first.items[0].text).toBe('Your hold of $25.00 for "Dare 24" was released');
    expect(first.unreadCount).toBe(25);
    const second = (await list(me.cookie, `?limit=10&cursor=${first.nextCursor}`)).json();
    const third = (await list(me.cookie, `?limit=10&cursor=${second.nextCursor}`)).json();
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((n: { id: number }) => n.id);
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const otherIds = (await list(other.cookie)).json().items.map((n: { id: number }) => n.id);
    expect(otherIds.some((id: number) => ids.includes(id))).toBe(false);

    // Someone else's ids are ignored, own ones are marked.
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: me.cookie },
      payload: { ids: [ids[0], ids[1], ...otherIds] },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ unreadCount: 23 });
    expect((await list(other.cookie)).json().unreadCount).toBe(3);
    const after = (await list(me.cookie, '?limit=3')).json();
    expect(after.items.map((n: { read: boolean }) => n.read)).toEqual([true, true, false]);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: me.cookie },
      payload: {},
    });
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await list(other.cookie)).json().unreadCount).toBe(3);
    const unread = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.id, ids)));
    expect(unread.every((n) => n.readAt !== null)).toBe(true);
  });

  it('refuses anonymous callers and a bad cursor in words', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const me = await registerUser(t.app);
    const bad = await list(me.cookie, '?cursor=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid id/);
  });
});
