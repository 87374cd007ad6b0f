import { and, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { mailOutbox, users } from '../db/schema';
import { DEMO_USERS } from './demo-data';

/** The real domain demo accounts used before issue 19: mail to it could reach someone. */
const LEGACY_DOMAIN = 'demo.darefund.app';

const lower = (column: typeof users.email | typeof mailOutbox.to) => sql`lower(${column})`;

/**
 * Databases seeded before issue 19 hold the demo accounts under a real domain. They move to
 * the reserved one (demo.darefund.example, which the outbox never sends to) with their mail
 * still waiting to be sent, so an old install stops emailing them and signs them in with
 * the addresses the README names. Only the six seeded addresses, only when the new address
 * is free; run at every start (one indexed read when there is nothing to do).
 */
export async function renameLegacyDemoAddresses(db: Db): Promise<number> {
  const pairs = DEMO_USERS.map(({ email }) => ({
    from: email.replace(/@.*$/, `@${LEGACY_DOMAIN}`),
    to: email,
  }));
  const legacy = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        lower(users.email),
        pairs.map((pair) => pair.from),
      ),
    )
    .limit(1);
  if (legacy.length === 0) return 0;
  const other = alias(users, 'other');
  return db.transaction(async (tx) => {
    let renamed = 0;
    for (const { from, to } of pairs) {
      const taken = tx
        .select({ id: other.id })
        .from(other)
        .where(sql`lower(${other.email}) = ${to}`);
      const rows = await tx
        .update(users)
        .set({ email: to })
        .where(and(sql`${lower(users.email)} = ${from}`, notExists(taken)))
        .returning({ id: users.id });
      renamed += rows.length;
      await tx
        .update(mailOutbox)
        .set({ to })
        .where(
          and(
            sql`${lower(mailOutbox.to)} = ${from}`,
            isNull(mailOutbox.sentAt),
            isNull(mailOutbox.deadAt),
          ),
        );
    }
    return renamed;
  });
}
