import { sql } from 'drizzle-orm';
import type { LiveEventKind } from '@/contracts/live';
import type { Tx } from '../../db/client';
import { liveEvents } from '../../db/schema';

/**
 * The Postgres channel every instance LISTENs on. Its payload is the recipients' ids
 * (`3,7`), or `ended:` and the ids of sessions that ended (their streams close). One
 * channel, so a stream is closed before any event committed after its session ended.
 */
export const LIVE_CHANNEL = 'live_events';
const ENDED_PREFIX = 'ended:';

export type LivePayload = { userIds: number[] } | { endedSessionIds: number[] };

const idsOf = (text: string) => text.split(',').map(Number).filter(Number.isInteger);

export function parseLivePayload(payload: string): LivePayload {
  return payload.startsWith(ENDED_PREFIX)
    ? { endedSessionIds: idsOf(payload.slice(ENDED_PREFIX.length)) }
    : { userIds: idsOf(payload) };
}

/** Inside the transaction that deleted the sessions: their streams close at its commit. */
export async function publishSessionsEnded(tx: Tx, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${ENDED_PREFIX + sessionIds.join(',')})`);
}

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
