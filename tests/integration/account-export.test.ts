import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccountExport, accountExportSchema } from '@/contracts/account-export';
import { ACCOUNT_EXPORTS_PER_HOUR } from '@/contracts/limits';
import { notifications, pledges, sessions, users } from '@/server/db/schema';
import { SECTION_READERS } from '@/server/modules/account-export/sections/all-sections';
import { EXPORT_PAGE_ROWS } from '@/server/modules/account-export/write-export';
import { accountWithEveryRow } from '../support/account-rows';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/** Issue 20 item 5: GET /api/account/export, on PGlite and (with DATABASE_URL) Postgres. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const download = (cookie?: string) =>
  t.app.inject({ url: '/api/account/export', headers: cookie ? { cookie } : {} });

describe('the export file', () => {
  let world: Awaited<ReturnType<typeof accountWithEveryRow>>;
  beforeAll(async () => {
    world = await accountWithEveryRow(t);
  }, 60_000);

  it("holds the account's own rows in every section and nobody else's private data", async () => {
    const { me, other, stranger } = world;
    const response = await download(me.cookie);
    expect(response.statusCode).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="darefund-export-${me.user.username}-${day}.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    // Strict: no field beyond the contract's (a hash or token would fail here first).
    const file: AccountExport = accountExportSchema.parse(response.json());
    expect(file.formatVersion).toBe(1);
    expect(Math.abs(Date.parse(file.exportedAt) - Date.now())).toBeLessThan(60_000);
    expect(file.profile).toMatchObject({
      id: me.user.id,
      email: me.email,
      emailVerified: true,
      displayName: 'Mia Export',
    });
    const otto = { id: other.user.id, username: other.user.username, displayName: 'Otto Other' };

    expect(file.sessions.map((s) => s.current).sort()).toEqual([false, true]);
    expect(file.sessions.map((s) => s.device)).toContain('Chrome on Android');
    expect(file.pushDevices).toEqual([
      {
        device: 'Chrome on Android',
        pushService: 'fcm.googleapis.com',
        createdAt: expect.any(String),
        lastPushedAt: null,
      },
    ]);
    expect(file.daresCreated.map((d) => d.id)).toEqual([world.dares.myDare.id]);
    expect(file.daresCreated[0]).toMatchObject({
      title: 'Mia sings at noon',
      target: { cents: 1500, formatted: '$15.00' },
    });
    expect(file.daresTakenOn).toEqual([
      expect.objectContaining({ id: world.dares.takenOn.id, creator: otto }),
    ]);
    expect(file.pledges).toEqual([
      expect.objectContaining({
        id: world.pledges.myPledge.pledge.id,
        dare: { id: world.dares.theirDare.id, title: 'Otto juggles' },
        amount: { cents: 1000, formatted: '$10.00' },
        status: 'authorized',
        statusText: 'Authorized',
      }),
    ]);
    expect(file.payouts).toEqual([
      expect.objectContaining({ amount: { cents: 1425, formatted: '$14.25' }, status: 'paid' }),
    ]);
    expect(file.savedCards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);
    expect(file.proofs.map((p) => p.id)).toEqual([world.proofs.myProof.id]);
    expect(file.proofs[0]!.videoUrl).toMatch(/^http:\/\/localhost:3000\/media\//);
    expect(file.votes).toEqual([
      expect.objectContaining({ proofId: world.proofs.theirProof.id, approved: true }),
    ]);
    expect(file.comments.map((c) => c.content)).toEqual(['Mia comment: go Otto!']);
    expect(file.likes.map((l) => l.dare.id)).toEqual([world.dares.theirDare.id]);
    expect(file.saves.map((l) => l.dare.id)).toEqual([world.dares.theirDare.id]);
    expect(file.conversations).toEqual([expect.objectContaining({ with: [otto] })]);
    expect(file.messages.map((m) => [m.sentByYou, m.content, m.sender.username])).toEqual([
      [true, 'Hi Otto, from Mia', me.user.username],
      [false, 'Hello Mia, from Otto', other.user.username],
    ]);
    expect(file.messages[1]!.sender).toEqual(otto);
    expect(file.following.map((f) => f.person)).toEqual([otto]);
    expect(file.followers.map((f) => f.person)).toEqual([otto]);
    expect(file.notifications.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['pledge_received', 'new_follower', 'dare_request_received']),
    );
    expect(file.notifications.every((n) => n.text.length > 0)).toBe(true);
    expect(file.dareRequestsSent.map((r) => [r.dareTitle, r.recipient, r.recipientEmail])).toEqual([
      ['Mia asks Otto', otto, null],
      ['Mia asks a friend', null, world.typedAddress],
    ]);
    expect(file.dareRequestsReceived.map((r) => [r.dareTitle, r.sender, r.challenge])).toEqual([
      ['Otto asks Mia', otto, false],
      ['Otto challenges Mia', otto, true],
    ]);
    expect(file.achievements.some((a) => a.unlocked && a.unlockedAt)).toBe(true);
    expect(file.emailSettings).toEqual([{ kind: 'new_follower', emailEnabled: false }]);

    // Nothing private of anyone else, and no secret of the account's own, anywhere in the text.
    const text = response.body;
    const people = await t.app.ctx.db
      .select()
      .from(users)
      .where(inArray(users.id, [me.user.id, other.user.id, stranger.user.id]));
    const tokens = await t.app.ctx.db.select({ hash: sessions.tokenHash }).from(sessions);
    const payments = await t.app.ctx.db.select().from(pledges);
    const secrets = [
      other.email,
      stranger.email,
      ...people.flatMap((p) => [p.passwordHash, p.stripeCustomerId]),
      ...tokens.map((row) => row.hash),
      ...[me.cookie, me.phone, other.cookie, stranger.cookie].map((c) => c.slice('sid='.length)),
      ...payments.flatMap((p) => [p.paymentIntentId, p.clientSecret, p.paymentMethodId]),
      world.secrets.theirReason,
      world.secrets.strangerText,
      world.secrets.transferId,
      ...world.secrets.cards,
      ...world.secrets.push,
      'Otto asks Stan',
      'Otto comment on Mia',
    ].filter((value): value is string => Boolean(value));
    expect(secrets.length).toBeGreaterThan(15);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password|token|clientSecret|paymentIntent/i);
    expect(text).not.toContain('Stan Stranger');
    // The other party appears by public name where they are one.
    expect(text).toContain('Otto Other');
  });

  it("shows the other side only its own side: an email challenge's request is not among its Sent", async () => {
    const response = await download(world.other.cookie);
    expect(response.statusCode).toBe(200);
    const file = accountExportSchema.parse(response.json());
    expect(file.profile.email).toBe(world.other.email);
    expect(file.dareRequestsSent.map((r) => r.dareTitle)).toEqual([
      'Otto asks Mia',
      'Otto asks Stan',
    ]);
    // The challenge itself is theirs, with the address they typed (their own input).
    expect(file.daresCreated.find((d) => d.id === world.dares.challenge.id)).toMatchObject({
      dareType: 'challenge',
      recipientType: 'email',
    });
    expect(file.votes.map((v) => v.reason)).toEqual([world.secrets.theirReason]);
    expect(file.messages.map((m) => m.content)).toContain(world.secrets.strangerText);
    expect(response.body).not.toContain(world.me.phone.slice('sid='.length));
  });

  it('reads a long section page by page, every row once and in order', async () => {
    const { user, cookie } = await registerUser(t.app);
    const count = EXPORT_PAGE_ROWS * 2 + 1;
    await t.app.ctx.db.insert(notifications).values(
      Array.from({ length: count }, (_, i) => ({
        userId: user.id,
        kind: 'achievement_unlocked',
        data: { title: `Badge ${i}`, description: 'Did a thing', points: 1 },
      })),
    );
    const response = await download(cookie);
    expect(response.statusCode).toBe(200);
    const file = accountExportSchema.parse(response.json());
    const ids = file.notifications.map((n) => n.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(file.notifications.at(-1)!.text).toBe(`Achievement Unlocked! Badge ${count - 1}`);
  });

  it('is one snapshot: a row committed while the export runs is not in it', async () => {
    const { user, cookie } = await registerUser(t.app);
    const readSessions = SECTION_READERS.sessions;
    let committed: Promise<number> | undefined;
    // While the first section is read, another connection adds a notification (read later).
    const spy = vi
      .spyOn(SECTION_READERS, 'sessions')
      .mockImplementation(async (tx, scope, ...page) => {
        if (scope.userId === user.id && !committed) {
          committed = addNotification(user.id);
          // PGlite has one connection: the insert waits for the export's transaction to end.
          if (t.config.databaseUrl) await committed;
        }
        return readSessions(tx, scope, ...page);
      });
    const response = await download(cookie).finally(() => spy.mockRestore());
    const id = await committed!;
    const file = accountExportSchema.parse(response.json());
    expect(file.notifications.map((n) => n.id)).not.toContain(id);
    // ...though it is there now, as the next export shows.
    const later = accountExportSchema.parse((await download(cookie)).json());
    expect(later.notifications.map((n) => n.id)).toContain(id);
  });

  it('gives an account with nothing yet a valid file with empty lists', async () => {
    const { cookie, user } = await registerUser(t.app);
    const file = accountExportSchema.parse((await download(cookie)).json());
    expect(file.profile.id).toBe(user.id);
    expect(file.daresCreated).toEqual([]);
    expect(file.sessions).toHaveLength(1);
  });
});

async function addNotification(userId: number) {
  const [row] = await t.app.ctx.db
    .insert(notifications)
    .values({
      userId,
      kind: 'achievement_unlocked',
      data: { title: 'Late', description: 'x', points: 1 },
    })
    .returning({ id: notifications.id });
  return row!.id;
}

describe('who may export, and how often', () => {
  it('needs a login', async () => {
    const response = await download();
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('has no HEAD twin that would do the work (and spend the budget) for nothing', async () => {
    const { cookie } = await registerUser(t.app);
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/account/export',
      headers: { cookie },
    });
    expect(head.statusCode).toBe(404);
  });

  it(`allows ${ACCOUNT_EXPORTS_PER_HOUR} exports an hour per account, then 429 with Retry-After`, async () => {
    const { cookie } = await registerUser(t.app);
    for (let i = 0; i < ACCOUNT_EXPORTS_PER_HOUR; i++) {
      expect((await download(cookie)).statusCode).toBe(200);
    }
    const refused = await download(cookie);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3000);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes\.$/,
    );
    // Another account has its own budget.
    const other = await registerUser(t.app);
    expect((await download(other.cookie)).statusCode).toBe(200);
  });
});
