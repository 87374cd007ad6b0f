import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { PledgeState } from '@/domain/pledge-lifecycle';
import type { AppContext } from '../../context';
import { pledges } from '../../db/schema';
import type { PledgeRow } from '../pledges/pledge-transitions';

/** Pledges read per statement: a viral dare's 10,000 are never one result or transaction. */
export const PLEDGE_PAGE_SIZE = 200;
/**
 * Gateway calls in flight at once. A real gateway answers in tens of ms, so one after another
 * 10,000 captures take minutes; 24 keeps the pool (each pledge's transaction is short) and
 * the gateway's rate limit (Stripe: 100 a second in live mode) comfortable.
 */
export const PLEDGE_CONCURRENCY = 24;

/** 'continue': the time slice ran out with pledges left; 'interrupted': the signal fired. */
export type WalkOutcome = 'done' | 'continue' | 'interrupted';

export type WalkOptions = {
  dareId: number;
  statuses: readonly PledgeState[];
  /** Stop between pages once this moment (ms since the epoch) has passed. */
  deadline?: number;
  signal?: AbortSignal;
  pageSize?: number;
  concurrency?: number;
};

/**
 * Walks a dare's pledges in one of `statuses`, page by page in id order (keyset: each page
 * starts after the last id seen, so a page is one indexed read however many pledges there
 * are), visiting up to `concurrency` pledges at once. Each visit is the pledge's own gateway
 * call and transition (its own transaction): the walk holds no transaction and no lock.
 * It stops between pages when the deadline passes or the signal fires; a later walk starts
 * over and finds only the pledges still in `statuses`, so nothing is visited twice to effect.
 */
export async function walkPledgePages(
  ctx: Pick<AppContext, 'db'>,
  options: WalkOptions,
  visit: (pledge: PledgeRow) => Promise<void>,
): Promise<WalkOutcome> {
  const pageSize = options.pageSize ?? PLEDGE_PAGE_SIZE;
  const concurrency = options.concurrency ?? PLEDGE_CONCURRENCY;
  let afterId = 0;
  for (;;) {
    if (options.signal?.aborted) return 'interrupted';
    const page = await ctx.db
      .select()
      .from(pledges)
      .where(
        and(
          eq(pledges.dareId, options.dareId),
          inArray(pledges.status, [...options.statuses]),
          gt(pledges.id, afterId),
        ),
      )
      .orderBy(asc(pledges.id))
      .limit(pageSize);
    if (page.length === 0) return 'done';
    await inParallel(page, concurrency, visit);
    afterId = page[page.length - 1]!.id;
    if (page.length < pageSize) return 'done';
    if (options.deadline !== undefined && Date.now() >= options.deadline) return 'continue';
  }
}

/**
 * Runs `visit` over `items` with at most `limit` at once. After a failure no new item starts;
 * the ones in flight finish (their transactions are each complete or rolled back) and then
 * the first error is thrown, so the job is retried and the next walk picks up what is left.
 */
async function inParallel<T>(items: T[], limit: number, visit: (item: T) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await visit(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}
