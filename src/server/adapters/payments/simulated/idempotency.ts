import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { gatewayIdempotencyKeys } from '../../../db/schema';
import { requestHash } from '../../../lib/request-hash';
import { type PaymentError, PaymentGatewayError } from '../gateway';

/** What an operation answered: stored per key and replayed, errors included (as Stripe does). */
export type Outcome<T> = { ok: T } | { error: PaymentError; paymentIntentId?: string };

function unwrap<T>(outcome: Outcome<T>): T {
  if ('ok' in outcome) return outcome.ok;
  throw new PaymentGatewayError(outcome.error, outcome.paymentIntentId);
}

/**
 * Runs `effect` once per idempotency key. The key row is inserted first in the effect's own
 * transaction: a concurrent call with the same key blocks on that insert (primary key) until
 * the first commits, then finds the stored answer, so one key never has two effects. A
 * PaymentGatewayError thrown by the effect rolls back its writes (savepoint) and is stored
 * like any answer; other errors roll everything back, key included, so a retry runs again.
 * Without a key (client calls that Stripe.js makes unkeyed) the effect just runs.
 */
export async function idempotent<T>(
  db: Db,
  request: { key: string | undefined; operation: string; params: unknown },
  effect: (tx: Tx) => Promise<Outcome<T>>,
  revive: (stored: T) => T = (stored) => stored,
): Promise<T> {
  const { key } = request;
  if (key === undefined) return unwrap(await unkeyed(db, effect));
  const hash = requestHash(request.operation, request.params);
  const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
    const inserted = await claimKey(tx, { key, requestHash: hash, response: { pending: true } });
    if (inserted.length === 0) return replay<T>(tx, key, hash, revive);
    let result: Outcome<T>;
    try {
      result = await tx.transaction((savepoint) => effect(savepoint));
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      result = { error: error.error, paymentIntentId: error.paymentIntentId };
    }
    await storeAnswer(tx, { key, response: JSON.stringify(result) });
    return result;
  });
  return unwrap(outcome);
}

const claimKey = reusableStatement((db) =>
  db
    .insert(gatewayIdempotencyKeys)
    .values({
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      response: sql.placeholder('response'),
    })
    .onConflictDoNothing()
    .returning({ key: gatewayIdempotencyKeys.key }),
);

/** `response` as JSON text: a placeholder in an update's set has no column to encode it. */
const storeAnswer = reusableStatement((db) =>
  db
    .update(gatewayIdempotencyKeys)
    .set({ response: sql`${sql.placeholder('response')}` })
    .where(eq(gatewayIdempotencyKeys.key, sql.placeholder('key'))),
);

/**
 * An unkeyed call: nothing is stored, so a refusal thrown by the effect rolls back the whole
 * transaction, which is all the savepoint of a keyed call rolls back (two statements fewer).
 */
async function unkeyed<T>(db: Db, effect: (tx: Tx) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await db.transaction((tx) => effect(tx));
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return { error: error.error, paymentIntentId: error.paymentIntentId };
  }
}

async function replay<T>(
  tx: Tx,
  key: string,
  hash: string,
  revive: (stored: T) => T,
): Promise<Outcome<T>> {
  const [row] = await tx
    .select()
    .from(gatewayIdempotencyKeys)
    .where(eq(gatewayIdempotencyKeys.key, key));
  if (!row || row.requestHash !== hash) {
    return {
      error: {
        code: 'idempotency_key_in_use',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      },
    };
  }
  const stored = row.response as Outcome<T>;
  return 'ok' in stored ? { ok: revive(stored.ok) } : stored;
}
