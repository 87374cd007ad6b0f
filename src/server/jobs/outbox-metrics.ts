import { and, isNull, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { AppMetrics } from '../metrics/app-metrics';
import { scrapeQuery } from '../metrics/scrape-query';

export type OutboxBacklog = { due: number; waitingRetry: number };

/**
 * The unsent, living rows of mail_outbox: due now, or waiting for their retry after a
 * refusal. One statement over the drain's partial index (mail_outbox_due_idx).
 */
export async function readOutboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${mailOutbox.nextAttemptAt} <= now())::int`,
      waitingRetry: sql<number>`count(*) filter (where ${mailOutbox.nextAttemptAt} > now())::int`,
    })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.deadAt)));
  return row ?? { due: 0, waitingRetry: 0 };
}

/**
 * darefund_outbox_backlog{state} at scrape time (decision 0051): an outbox that stopped
 * sending shows as a growing 'due'. Refusals are counted as they happen by the drain
 * (send-emails.ts: darefund_outbox_send_failures_total).
 */
export function registerOutboxMetrics(metrics: AppMetrics, db: Db) {
  const read = scrapeQuery(metrics, 'outbox', () => readOutboxBacklog(db));
  new Gauge({
    name: 'darefund_outbox_backlog',
    help: 'Emails not sent yet, by state: due (to send now), waiting_retry (after a refusal)',
    labelNames: ['state'],
    registers: [metrics.registry],
    async collect() {
      const backlog = await read();
      this.reset();
      if (!backlog) return;
      this.set({ state: 'due' }, backlog.due);
      this.set({ state: 'waiting_retry' }, backlog.waitingRetry);
    },
  });
}
