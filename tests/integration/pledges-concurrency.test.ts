import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLivePledge } from '@/domain/pledges';
import { dares, pledges } from '@/server/db/schema';
import { createDare } from '../support/dares';
import { pledgeOverHttp } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PLEDGERS = 100;

describe('many pledgers at once (DESIGN.md section 4: currentAmount = sum of live pledges)', () => {
  it(`${PLEDGERS} concurrent $5 pledges by different users all count, exactly`, async () => {
    const { user: creator } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      status: 'pending',
      targetAmountCents: 100_000,
    });
    const pledgers = [];
    for (let i = 0; i < PLEDGERS; i += 1) pledgers.push(await registerUser(t.app));

    const results = await Promise.all(
      pledgers.map((pledger) => pledgeOverHttp(t.app, pledger.cookie, dare.id, 5)),
    );
    expect(results.map((result) => result.confirm?.json().status)).toEqual(
      Array(PLEDGERS).fill('requires_capture'),
    );

    const [after] = await t.app.ctx.db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after).toMatchObject({ currentAmountCents: 50_000, pledgeCount: PLEDGERS });
    const rows = await t.app.ctx.db.select().from(pledges).where(eq(pledges.dareId, dare.id));
    const live = rows.filter((row) => isLivePledge(row.status));
    expect(live).toHaveLength(PLEDGERS);
    expect(new Set(live.map((row) => row.userId)).size).toBe(PLEDGERS);
  }, 120_000);
});
