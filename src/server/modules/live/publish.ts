import { sql } from 'drizzle-orm';
import type { LiveEventKind } from '@/contracts/live';
import type { Tx } from '../../db/client';
import { liveEvents } from '../../db/schema';

/** The Postgres channel every instance LISTENs on; its payload is the recipients' ids. */
export const LIVE_CHANNEL = 'live_events';

/**
 * Queues a live event for each user inside the caller's transaction: the rows exist exactly
 * when the cause committed, and NOTIFY is delivered by Postgres at commit (never for a rolled
 * back cause), waking the instances that hold those users' streams.
 */
export async function publishLive(
  tx: Tx,
  events: Array<{ userId: number; kind: LiveEventKind; data: unknown }>,
): Promise<void> {
  if (events.length === 0) return;
  const userIds = [...new Set(events.map((event) => event.userId))].join(',');
  // One round trip: a data-modifying CTE always runs, referenced or not (drizzle wraps the
  // embedded insert in the parentheses WITH needs).
  const insert = tx.insert(liveEvents).values(events);
  await tx.execute(sql`WITH inserted AS ${insert} SELECT pg_notify(${LIVE_CHANNEL}, ${userIds})`);
}
