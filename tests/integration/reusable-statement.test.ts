import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { reusableStatement } from '@/server/db/reusable-statement';
import { gatewayCustomers, gatewayIdempotencyKeys } from '@/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';

// Statements built once and run many times (decision 0060): each run must go to the
// database or transaction it is given, never to the one it was first built on.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const insertCustomer = reusableStatement((db) =>
  db
    .insert(gatewayCustomers)
    .values({ id: sql.placeholder('id'), email: sql.placeholder('email') })
    .returning(),
);
const customerById = reusableStatement((db) =>
  db
    .select({ id: gatewayCustomers.id, email: gatewayCustomers.email })
    .from(gatewayCustomers)
    .where(eq(gatewayCustomers.id, sql.placeholder('id'))),
);

class RolledBack extends Error {}

describe('reusableStatement', () => {
  it('runs in the transaction it is given: concurrent transactions each see only their own rows, and a rollback takes its rows with it', async () => {
    const db = t.app.ctx.db;
    const runs = Array.from({ length: 20 }, (_, i) => ({
      id: `cus_reuse_${i}`,
      keep: i % 2 === 0,
    }));
    const seenInside = await Promise.all(
      runs.map(({ id, keep }) =>
        db
          .transaction(async (tx) => {
            await insertCustomer(tx, { id, email: `${id}@example.com` });
            // Uncommitted: visible only on this transaction's own connection.
            const [inside] = await customerById(tx, { id });
            // Give the other transactions a turn while this one is open.
            await new Promise((resolve) => setTimeout(resolve, 5));
            if (!keep) throw new RolledBack(inside?.id);
            return inside?.id;
          })
          .catch((error: unknown) => {
            if (error instanceof RolledBack) return error.message;
            throw error;
          }),
      ),
    );
    expect(seenInside).toEqual(runs.map((run) => run.id));

    // Outside any transaction (the pool, or PGlite itself): the committed half only.
    for (const { id, keep } of runs) {
      const rows = await customerById(db, { id });
      expect(rows).toEqual(keep ? [{ id, email: `${id}@example.com` }] : []);
    }
  });

  it("encodes values as Drizzle's own statements do (JSON, dates) and maps rows to the schema's names", async () => {
    const db = t.app.ctx.db;
    const claim = reusableStatement((d: Db) =>
      d
        .insert(gatewayIdempotencyKeys)
        .values({
          key: sql.placeholder('key'),
          requestHash: sql.placeholder('hash'),
          response: sql.placeholder('response'),
        })
        .onConflictDoNothing()
        .returning(),
    );
    const response = { ok: { id: 'pi_1', amountCents: 500, nested: ['a', 1, null] } };
    const [first] = await claim(db, { key: 'reuse-k1', hash: 'h1', response });
    expect(first).toMatchObject({ key: 'reuse-k1', requestHash: 'h1', response });
    expect(first!.createdAt).toBeInstanceOf(Date);
    // The same statement again: the conflict is seen, nothing is returned.
    expect(await claim(db, { key: 'reuse-k1', hash: 'h2', response: {} })).toEqual([]);
    const [stored] = await db
      .select()
      .from(gatewayIdempotencyKeys)
      .where(eq(gatewayIdempotencyKeys.key, 'reuse-k1'));
    expect(stored).toEqual(first);
  });
});
