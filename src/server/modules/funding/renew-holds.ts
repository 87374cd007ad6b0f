import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { VOTING_WINDOW_HOURS } from '@/contracts/limits';
import {
  dareResolvesBy,
  HOLD_RENEWAL_MARGIN_HOURS,
  needsRenewal,
  REQUIRES_ACTION_GRACE_HOURS,
  shouldDrop,
} from '@/domain/pledge-lifecycle';
import type { AppContext } from '../../context';
import { dares, pledges } from '../../db/schema';
import { inPledgeTransaction, transitionPledge } from '../pledges/pledge-transitions';
import {
  type FundingEnv,
  type FundingOptions,
  fundingEnv,
  OPEN_DARE_STATUSES,
} from './funding-options';
import { cancelIntent } from './holds';
import { lockOpenPledge, renewHold } from './renew-one';

const HOUR_MS = 60 * 60 * 1000;
/** Per run; the job comes back every 15 minutes, so a backlog drains over a few runs. */
const BATCH = 500;

export type RenewalReport = { renewed: number; failed: number; dropped: number; errors: number };

/**
 * The hold-renewal job (DESIGN.md section 4): renews the holds of open dares that would
 * lapse before the dare can resolve (`needsRenewal`), then drops pledges that stayed in
 * requires_action past the grace period (`shouldDrop`). Unexpected errors on one pledge
 * are logged and counted, and the others still run; the job then fails so it is retried.
 */
export async function renewHolds(
  ctx: AppContext,
  options: FundingOptions = {},
): Promise<RenewalReport> {
  const env = fundingEnv(ctx, options);
  const now = env.now();
  const report: RenewalReport = { renewed: 0, failed: 0, dropped: 0, errors: 0 };

  // The SQL is needsRenewal's rule, so the index on capture_before does the filtering;
  // each row is still checked against the pure rule, which stays the single authority.
  const due = await ctx.db
    .select({ pledge: pledges, expiresAt: dares.expiresAt })
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .where(
      and(
        eq(pledges.status, 'authorized'),
        inArray(dares.status, [...OPEN_DARE_STATUSES]),
        isNotNull(pledges.captureBefore),
        lte(pledges.captureBefore, new Date(now.getTime() + HOLD_RENEWAL_MARGIN_HOURS * HOUR_MS)),
        sql`${pledges.captureBefore} < ${dares.expiresAt} + make_interval(hours => ${VOTING_WINDOW_HOURS + HOLD_RENEWAL_MARGIN_HOURS})`,
      ),
    )
    .orderBy(asc(pledges.captureBefore))
    .limit(BATCH);
  for (const { pledge, expiresAt } of due) {
    if (env.signal?.aborted) return report;
    if (!needsRenewal(pledge.captureBefore!, dareResolvesBy(expiresAt), now)) continue;
    await guarded(ctx, report, pledge.id, async () => {
      const outcome = await renewHold(ctx, env, pledge);
      if (outcome === 'renewed') report.renewed += 1;
      if (outcome === 'failed') report.failed += 1;
    });
  }

  await dropExpired(ctx, env, report);
  if (report.errors > 0) throw new Error(`${report.errors} hold renewals hit an error`);
  return report;
}

/** requires_action for longer than the grace period: the pledge leaves the dare's total. */
async function dropExpired(ctx: AppContext, env: FundingEnv, report: RenewalReport) {
  const now = env.now();
  const expired = await ctx.db
    .select({ pledge: pledges })
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .where(
      and(
        eq(pledges.status, 'requires_action'),
        inArray(dares.status, [...OPEN_DARE_STATUSES]),
        lte(
          pledges.actionRequiredAt,
          new Date(now.getTime() - REQUIRES_ACTION_GRACE_HOURS * HOUR_MS),
        ),
      ),
    )
    .orderBy(asc(pledges.actionRequiredAt))
    .limit(BATCH);
  for (const { pledge } of expired) {
    if (env.signal?.aborted) return;
    if (!pledge.actionRequiredAt || !shouldDrop(pledge.actionRequiredAt, now)) continue;
    await guarded(ctx, report, pledge.id, async () => {
      const dropped = await inPledgeTransaction(ctx, async (tx) => {
        const locked = await lockOpenPledge(tx, pledge.id, 'requires_action');
        if (!locked || locked.paymentIntentId !== pledge.paymentIntentId) return null;
        return transitionPledge(tx, pledge.id, 'drop', { releasedAt: now }, ctx.config.publicUrl);
      });
      if (!dropped) return;
      report.dropped += 1;
      // After the transition: a crash in between leaves a hold that lapses on its own, while
      // cancelling first could fail a capture if the dare completed in between.
      if (pledge.paymentIntentId) {
        await cancelIntent(env, pledge.paymentIntentId, `drop:pledge:${pledge.id}`);
      }
    });
  }
}

async function guarded(
  ctx: AppContext,
  report: RenewalReport,
  pledgeId: number,
  work: () => Promise<void>,
) {
  try {
    await work();
  } catch (error) {
    report.errors += 1;
    ctx.log.error({ err: error, pledgeId }, 'hold renewal step failed');
  }
}
