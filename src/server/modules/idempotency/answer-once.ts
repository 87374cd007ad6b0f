import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_MESSAGES } from '@/contracts/idempotency';
import { IDEMPOTENCY_KEY_HOURS } from '@/contracts/limits';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError, unprocessable } from '../../lib/errors';
import { requestHash } from '../../lib/request-hash';

export type Answer<T> = { status: number; body: T };
export type IdempotentAnswer<T> = Answer<T | { message: string }> & { replayed: boolean };

type KeyedRequest = {
  userId: number;
  /** The Idempotency-Key header; without one the work simply runs. */
  key: string | undefined;
  /** What the request does, e.g. 'POST /api/pledges': one key never spans two kinds of work. */
  operation: string;
  /** The validated input the answer depends on. */
  input: unknown;
};

const HOUR_MS = 60 * 60 * 1000;
/** Rows older than the keep time, on the database's clock or (jobs, tests) at `now`. */
const expired = (now?: Date) =>
  now
    ? lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * HOUR_MS))
    : lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`);

/**
 * Runs `work` once per user and Idempotency-Key, as Stripe does (decision 0031): the key's
 * row is inserted first, in the work's own transaction, so a parallel request with the same
 * key waits on that row until the first commits and then replays its answer (status and
 * body); 100 identical requests make one pledge. The same key with other input is refused
 * (422). A refusal the work throws (a 4xx AppError) is an answer too, stored and replayed
 * with its writes rolled back (savepoint); anything else rolls back the key as well, so a
 * retry runs again. A key older than IDEMPOTENCY_KEY_HOURS is free for a new request.
 */
export async function answerOnce<T>(
  ctx: AppContext,
  request: KeyedRequest,
  work: (tx: Tx) => Promise<Answer<T>>,
): Promise<IdempotentAnswer<T>> {
  const { userId, key } = request;
  if (key === undefined) {
    return { ...(await ctx.db.transaction((tx) => work(tx))), replayed: false };
  }
  const hash = requestHash(request.operation, request.input);
  return ctx.db.transaction(async (tx) => {
    const fresh = { requestHash: hash, responseStatus: 0, responseBody: {} };
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, ...fresh })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { ...fresh, createdAt: sql`now()` },
        setWhere: expired(),
      })
      .returning({ key: idempotencyKeys.key });
    if (!claimed) return replay<T>(tx, userId, key, hash);

    let answer: Answer<T | { message: string }>;
    try {
      answer = await tx.transaction((savepoint) => work(savepoint));
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      answer = { status: error.statusCode, body: { message: error.message } };
    }
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseBody: answer.body })
      .where(keyOf(userId, key));
    return { ...answer, replayed: false };
  });
}

const keyOf = (userId: number, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

async function replay<T>(
  tx: Tx,
  userId: number,
  key: string,
  hash: string,
): Promise<IdempotentAnswer<T>> {
  const [row] = await tx.select().from(idempotencyKeys).where(keyOf(userId, key));
  if (!row || row.requestHash !== hash) {
    throw unprocessable(IDEMPOTENCY_MESSAGES.reused, 'idempotency_key_reused');
  }
  return { status: row.responseStatus, body: row.responseBody as T, replayed: true };
}

export const PRUNE_IDEMPOTENCY_KEYS_JOB = 'prune-idempotency-keys';

/** Keys past their IDEMPOTENCY_KEY_HOURS are forgotten (a periodic job). */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(expired(now))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
