import { MAIL_BATCH_SIZE } from '@/contracts/limits';
import { REFRESH_STATISTICS_JOB, refreshStaleStatistics } from '../db/planner-statistics';
import {
  FINISH_ACCOUNT_DELETIONS_JOB,
  finishStaleDeletions,
} from '../modules/account-deletion/finish';
import {
  EXPIRE_DARE_REQUEST_JOB,
  EXPIRE_DARE_REQUESTS_SWEEP_JOB,
  expireDareRequests,
} from '../modules/dare-requests/expire-requests';
import { settleCompletedDare } from '../modules/funding/complete-funding';
import { payWaitingPayouts } from '../modules/funding/payout';
import { settleFailedDare } from '../modules/funding/release-funding';
import { renewHolds } from '../modules/funding/renew-holds';
import { SETTLEMENT_SLICE_MS } from '../modules/funding/settlement-job';
import {
  PRUNE_IDEMPOTENCY_KEYS_JOB,
  pruneIdempotencyKeys,
} from '../modules/idempotency/answer-once';
import {
  EXPIRE_DARE_JOB,
  EXPIRE_DARES_SWEEP_JOB,
  expireDares,
} from '../modules/lifecycle/expire-dares';
import { PRUNE_LIVE_EVENTS_JOB, pruneLiveEvents } from '../modules/live/prune';
import {
  RELEASE_UNUSED_FUNDING_JOB,
  releaseUnusedFunding,
} from '../modules/pledges/pre-dare-funding';
import { reconcilePendingPledges } from '../modules/pledges/reconcile-pending';
import { SEND_PUSH_JOB, sendPushJob } from '../modules/push/send-push';
import {
  RESOLVE_SUBMISSION_JOB,
  RESOLVE_SUBMISSIONS_SWEEP,
  resolveAtWindowEnd,
  resolveDueSubmissions,
} from '../modules/submissions/resolve';
import type { JobEnv, JobHandlers } from './runner';
import { drainOutbox, SEND_EMAILS_JOB } from './send-emails';

export type PeriodicJob = { kind: string; everyMs: number };

const MINUTE_MS = 60 * 1000;

/**
 * Recurring work, scheduled by every runner for the current slot (one job per slot thanks
 * to its dedupe key). Renewal runs every 15 minutes: holds are renewed 48 h before they
 * lapse, so even several missed runs leave ample time. Waiting payouts are retried as often,
 * which is how a payout follows its account's verification when nothing else calls.
 */
export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  { kind: 'renew-holds', everyMs: 15 * MINUTE_MS },
  { kind: 'retry-payouts', everyMs: 15 * MINUTE_MS },
  // Pledges left pending by a crash after their card was held (decision 0012). Every minute:
  // a held card should be counted (or released) within minutes of the reconcile age.
  { kind: 'reconcile-pledges', everyMs: MINUTE_MS },
  // The safety net behind each dare's own expiry job (DESIGN.md section 5): a deadline whose
  // job was lost still fails its dare within a minute, and at the first tick after downtime.
  { kind: EXPIRE_DARES_SWEEP_JOB, everyMs: MINUTE_MS },
  // Safety net behind each proof's own resolve-submission job (DESIGN.md section 5).
  { kind: RESOLVE_SUBMISSIONS_SWEEP, everyMs: MINUTE_MS },
  // Safety net behind each dare request's own expiry job (7 days after sending).
  { kind: EXPIRE_DARE_REQUESTS_SWEEP_JOB, everyMs: 5 * MINUTE_MS },
  // Account deletions a crash or a failing step left unfinished (decision 0046).
  { kind: FINISH_ACCOUNT_DELETIONS_JOB, everyMs: MINUTE_MS },
  // Retries and anything the per-message job missed (decision 0020); a no-op without SMTP.
  { kind: SEND_EMAILS_JOB, everyMs: MINUTE_MS },
  // Old live events (GET /api/events resumes need only recent ones; decision 0022).
  { kind: PRUNE_LIVE_EVENTS_JOB, everyMs: 60 * MINUTE_MS },
  // Idempotency-Key answers past their 24 h (decision 0031).
  { kind: PRUNE_IDEMPOTENCY_KEYS_JOB, everyMs: 60 * MINUTE_MS },
  // PGlite has no autovacuum: keep the planner's statistics fresh (a no-op on Postgres).
  { kind: REFRESH_STATISTICS_JOB, everyMs: MINUTE_MS },
];

/**
 * Jobs whose work changes nothing a feed page shows (delivery and housekeeping): a tick that
 * ran only these keeps the shared feed caches, as the inbox's routes do (keepsFeedCaches).
 * Every message and notice queues an email and a push job; dropping the feed pages after
 * each would send the feed to the database dozens of times a second (decision 0056).
 */
export const JOBS_KEEPING_FEED_CACHES: ReadonlySet<string> = new Set([
  SEND_EMAILS_JOB,
  SEND_PUSH_JOB,
  PRUNE_LIVE_EVENTS_JOB,
  PRUNE_IDEMPOTENCY_KEYS_JOB,
  REFRESH_STATISTICS_JOB,
]);

const fundingOptions = (env: JobEnv) => ({
  now: () => env.now,
  signal: env.signal,
  ...(env.gateway ? { gateway: env.gateway } : {}),
});

/** A settlement job's run stops between pages after its slice, then 'continue'. */
const settlementOptions = (env: JobEnv) => ({
  ...fundingOptions(env),
  deadline: Date.now() + (env.sliceMs ?? SETTLEMENT_SLICE_MS),
});

const dareIdOf = (payload: unknown): number => {
  const dareId = (payload as { dareId?: unknown } | null)?.dareId;
  if (!Number.isInteger(dareId)) throw new Error('payload.dareId must be an integer');
  return dareId as number;
};

/**
 * 'complete-dare-funding' / 'release-dare-funding' ({ dareId }): what the dare lifecycle
 * enqueues in the transaction that completes or fails a dare (dedupeKey e.g.
 * `funding:dare:<id>`), so the money follows the outcome even if the process dies right
 * after; both services are idempotent, so a retry is safe.
 */
export const defaultJobHandlers: JobHandlers = {
  [REFRESH_STATISTICS_JOB]: async (_job, env) => {
    if (env.ctx.config.databaseUrl) return;
    const analyzed = await refreshStaleStatistics(env.ctx.db);
    if (analyzed.length > 0) env.ctx.log.info({ analyzed }, 'planner statistics refreshed');
  },
  // A slice of SETTLEMENT_SLICE_MS at most, then 'continue' (the runner requeues it).
  'complete-dare-funding': async (job, env) => {
    const options = settlementOptions(env);
    return (await settleCompletedDare(env.ctx, dareIdOf(job.payload), options)).outcome;
  },
  'release-dare-funding': async (job, env) => {
    const options = settlementOptions(env);
    return (await settleFailedDare(env.ctx, dareIdOf(job.payload), options)).outcome;
  },
  [EXPIRE_DARE_JOB]: async (job, env) => {
    await expireDares(env.ctx, env.now, [dareIdOf(job.payload)]);
  },
  [EXPIRE_DARES_SWEEP_JOB]: async (_job, env) => {
    const failed = await expireDares(env.ctx, env.now);
    if (failed.length > 0) env.ctx.log.info({ dareIds: failed }, 'expired dares failed');
  },
  [EXPIRE_DARE_REQUEST_JOB]: async (job, env) => {
    const requestId = (job.payload as { requestId?: unknown } | null)?.requestId;
    if (!Number.isInteger(requestId)) throw new Error('payload.requestId must be an integer');
    await expireDareRequests(env.ctx, env.now, [requestId as number]);
  },
  [EXPIRE_DARE_REQUESTS_SWEEP_JOB]: async (_job, env) => {
    const expired = await expireDareRequests(env.ctx, env.now);
    if (expired.length > 0) env.ctx.log.info({ requestIds: expired }, 'dare requests expired');
  },
  [PRUNE_LIVE_EVENTS_JOB]: async (_job, env) => {
    await pruneLiveEvents(env.ctx, env.now);
  },
  [PRUNE_IDEMPOTENCY_KEYS_JOB]: async (_job, env) => {
    await pruneIdempotencyKeys(env.ctx.db, env.now);
  },
  'renew-holds': async (_job, env) => {
    const report = await renewHolds(env.ctx, fundingOptions(env));
    env.ctx.log.info({ ...report }, 'hold renewal run');
    // Both loops stop between pledges on shutdown; running again is harmless.
    return env.signal.aborted ? 'interrupted' : undefined;
  },
  [RELEASE_UNUSED_FUNDING_JOB]: async (job, env) => {
    const { userId, paymentIntentId } = job.payload as { userId: number; paymentIntentId: string };
    await releaseUnusedFunding(env.ctx, { userId, paymentIntentId });
  },
  'reconcile-pledges': async (_job, env) => {
    const report = await reconcilePendingPledges(env.ctx, fundingOptions(env));
    if (report.checked > 0) env.ctx.log.info({ ...report }, 'pending pledges reconciled');
    return env.signal.aborted ? 'interrupted' : undefined;
  },
  // A proof's vote closes at votingEndsAt (queued with the proof); idempotent.
  [RESOLVE_SUBMISSION_JOB]: async (job, env) => {
    const submissionId = (job.payload as { submissionId?: unknown } | null)?.submissionId;
    if (!Number.isInteger(submissionId)) throw new Error('payload.submissionId must be an integer');
    await resolveAtWindowEnd(env.ctx, submissionId as number, env.now);
  },
  [RESOLVE_SUBMISSIONS_SWEEP]: async (_job, env) => {
    await resolveDueSubmissions(env.ctx, env.now, env.signal);
    return env.signal.aborted ? 'interrupted' : undefined;
  },
  // The outbox drain every minute: retries, and the backlog of a runner-less spell.
  [SEND_EMAILS_JOB]: async (_job, env) => {
    // Batch after batch while full (a backlog), bounded so one job never runs for long.
    for (let batch = 0; batch < 10 && !env.signal.aborted; batch += 1) {
      const report = await drainOutbox(env.ctx, { now: env.now, signal: env.signal });
      if (report.claimed > 0) env.ctx.log.info({ ...report }, 'outbox drained');
      if (report.claimed < MAIL_BATCH_SIZE) break;
    }
    return env.signal.aborted ? 'interrupted' : undefined;
  },
  [FINISH_ACCOUNT_DELETIONS_JOB]: async (_job, env) => {
    const report = await finishStaleDeletions(env.ctx, env.now, fundingOptions(env));
    if (report.finished + report.failed > 0) env.ctx.log.info(report, 'account deletions finished');
    return env.signal.aborted ? 'interrupted' : undefined;
  },
  // One push to one device (decision 0053): 429, 5xx and timeouts are retried with backoff.
  [SEND_PUSH_JOB]: sendPushJob(),
  'retry-payouts': async (_job, env) => {
    await payWaitingPayouts(env.ctx, fundingOptions(env));
    return env.signal.aborted ? 'interrupted' : undefined;
  },
};
