import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '@/server/db/schema';
import { drainOutbox } from '@/server/jobs/send-emails';
import { queueEmail } from '@/server/modules/notifications/outbox';
import { DEMO_PASSWORD } from '@/server/seed/demo-data';
import { DEMO_MODERATOR } from '@/server/seed/demo-moderator';
import { renameLegacyDemoAddresses } from '@/server/seed/legacy-demo-addresses';
import { seedDemoIfEmpty } from '@/server/seed/seed';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { createTestApp, type TestApp } from '../support/test-app';
import { DELIVERABLE_DOMAIN } from '../support/users';

/**
 * Issue 19 item 27: demo accounts use a reserved domain (RFC 2606), and nothing is ever sent
 * to a reserved domain: the outbox row is marked as not sent instead of being retried.
 */
let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, SEED_DEMO: 'true' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** Drains until nothing is claimed (a batch at a time, as the runner would). */
async function drainAll(at: Date) {
  let total = { claimed: 0, sent: 0, skipped: 0, retried: 0, dead: 0 };
  for (;;) {
    const report = await drainOutbox(t.app.ctx, { now: at });
    if (report.claimed === 0) return total;
    total = {
      claimed: total.claimed + report.claimed,
      sent: total.sent + report.sent,
      skipped: total.skipped + report.skipped,
      retried: total.retried + report.retried,
      dead: total.dead + report.dead,
    };
  }
}

describe('reserved addresses', () => {
  it('a first start with SMTP_URL and SEED_DEMO sends no email: zero messages reach the server', async () => {
    expect(await seedDemoIfEmpty(t.app.ctx)).toBe(true);
    const queued = await t.app.ctx.db.select().from(mailOutbox);
    expect(queued.length).toBeGreaterThan(0);
    const report = await drainAll(later(5));
    expect(sink.attempts()).toBe(0);
    expect(sink.messages).toEqual([]);
    expect(report).toMatchObject({ sent: 0, retried: 0, skipped: queued.length });
    // Marked once as not sent, never tried again.
    const rows = await t.app.ctx.db.select().from(mailOutbox);
    expect(rows.every((row) => row.deadAt !== null && row.sentAt === null)).toBe(true);
    expect(new Set(rows.map((row) => row.error))).toEqual(
      new Set(['Not sent: a reserved address (RFC 2606), no one receives it']),
    );
    expect((await drainAll(later(3600))).claimed).toBe(0);
    expect(rows.every((row) => row.to.endsWith('@demo.darefund.example'))).toBe(true);
  });

  it.each([
    'someone@example.com',
    'Someone@Mail.Example.Org',
    'a@example.net',
    'a@b.example',
    'a@b.test',
    'a@b.invalid',
    'a@b.localhost',
  ])('never sends to %s; a real address in the same batch goes', async (to) => {
    const real = `real.${Date.now().toString(36)}@${DELIVERABLE_DOMAIN}`;
    const ids = await t.app.ctx.db.transaction(async (tx) => [
      await queueEmail(tx, { to, subject: 'Hello', text: 'x', html: 'x' }),
      await queueEmail(tx, { to: real, subject: 'Hello', text: 'x', html: 'x' }),
    ]);
    const before = sink.attempts();
    expect(await drainAll(later(5))).toMatchObject({ sent: 1, skipped: 1 });
    expect(sink.attempts()).toBe(before + 1);
    expect(sink.messages.at(-1)!.envelopeTo).toEqual([real]);
    const [row] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids[0]!));
    expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(row!.deadAt).not.toBeNull();
  });
});

describe('demo accounts of an older install', () => {
  it('move from demo.darefund.app to the reserved domain with their unsent mail, once', async () => {
    const db = t.app.ctx.db;
    // As an install seeded before the change has them (this file's seed ran above).
    await db.execute(
      sql`UPDATE users SET email = replace(email, '@demo.darefund.example', '@demo.darefund.app')`,
    );
    const [waiting] = await db.transaction(async (tx) => [
      await queueEmail(tx, { to: 'maya@demo.darefund.app', subject: 'Hi', text: 'x', html: 'x' }),
    ]);
    expect(await renameLegacyDemoAddresses(db)).toBe(6);
    const emails = (await db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails.filter((email) => email.includes('@demo.darefund.'))).toEqual(
      expect.arrayContaining(['maya@demo.darefund.example', 'nora@demo.darefund.example']),
    );
    // Only the demo moderator, whose address issue 21 names, stays there.
    expect(emails.filter((email) => email.endsWith('@demo.darefund.app'))).toEqual([
      DEMO_MODERATOR.email,
    ]);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, waiting!));
    expect(row!.to).toBe('maya@demo.darefund.example');
    expect(await renameLegacyDemoAddresses(db)).toBe(0);
    // Signs in with the address the README names.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'maya@demo.darefund.example', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });
});
