import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context';
import { CONTINUE_DELAY_MS, runDueJobs, type TickOptions } from './runner';
import { drainOutbox } from './send-emails';

export type JobRunner = { start: () => void; stop: () => Promise<void> };

/**
 * The background loop of one process: a tick every `pollMs` (at once again when a tick
 * claimed a full batch, so a backlog drains). Started by main.ts only, never by buildApp,
 * so tests and tools that build an app run no background work. stop() aborts long
 * handlers between items and resolves once the current tick is over.
 */
export function createJobRunner(
  ctx: AppContext,
  options: { pollMs?: number } & Partial<Omit<TickOptions, 'now' | 'signal'>> = {},
): JobRunner {
  const pollMs = options.pollMs ?? 5000;
  const limit = options.limit ?? 10;
  const workerId =
    options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let stopped = true;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(() => {
        current = null;
      });
    }, delayMs);
  };

  const tick = async () => {
    let delay = pollMs;
    try {
      const report = await runDueJobs(ctx, { ...options, workerId, limit, signal: abort.signal });
      // Readiness: this runner is alive and the queue was read (a failed tick does not count).
      ctx.jobHeartbeat.beat();
      if (report.claimed >= limit) delay = 0;
      // A settlement slice ended with work left: come back when it is due again (and run
      // whatever was queued meanwhile first), not a whole poll later.
      else if (report.continued > 0) delay = Math.min(pollMs, CONTINUE_DELAY_MS);
      // Email leaves within a poll of being queued (the send-emails job retries every minute
      // too). One indexed statement when nothing is due; nothing at all without SMTP.
      if (ctx.mailer && !abort.signal.aborted) {
        const sent = await drainOutbox(ctx, { signal: abort.signal });
        if (sent.claimed > 0) ctx.log.info({ ...sent }, 'outbox drained');
      }
    } catch (error) {
      // The database may be briefly unreachable: log, and try again at the next poll.
      ctx.log.error({ err: error }, 'job runner tick failed');
    }
    schedule(delay);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      await current;
    },
  };
}
