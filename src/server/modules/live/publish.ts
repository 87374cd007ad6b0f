import { sql } from 'drizzle-orm';
import type { LiveEventKind } from '@/contracts/live';
import type { Tx } from '../../db/client';
import { reusableSql } from '../../db/reusable-statement';

/**
 * The Postgres channel every instance LISTENs on. Its payload is one of:
 * - `rows:` and the committed event rows as JSON (`[[id, userId, kind, data], …]`): each
 *   instance writes them to its streams straight away, with no read per stream (issue 23);
 * - the recipients' ids (`3,7`) when the rows would not fit in a NOTIFY: each of their
 *   streams reads its new rows;
 * - `ended:` and the ids of sessions that ended (their streams close).
 * One channel, so a stream is closed before any event committed after its session ended.
 */
export const LIVE_CHANNEL = 'live_events';
const ENDED_PREFIX = 'ended:';
const ROWS_PREFIX = 'rows:';
/**
 * Postgres refuses a NOTIFY payload of 8,000 bytes or more; above this the rows stay in the
 * table and only the ids travel (a big fan-out such as a settlement).
 */
export const LIVE_PAYLOAD_MAX_BYTES = 7900;

export type LiveEventRow = { id: number; userId: number; kind: string; data: unknown };

export type LivePayload =
  | { rows: LiveEventRow[] }
  | { userIds: number[] }
  | { endedSessionIds: number[] };

const idsOf = (text: string) => text.split(',').map(Number).filter(Number.isInteger);

export function parseLivePayload(payload: string): LivePayload {
  if (payload.startsWith(ROWS_PREFIX)) {
    const tuples = JSON.parse(payload.slice(ROWS_PREFIX.length)) as [
      number,
      number,
      string,
      unknown,
    ][];
    return { rows: tuples.map(([id, userId, kind, data]) => ({ id, userId, kind, data })) };
  }
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
 * back cause), carrying the rows themselves when they fit (else the recipients' ids).
 */
export async function publishLive(
  tx: Tx,
  events: Array<{ userId: number; kind: LiveEventKind; data: unknown }>,
): Promise<void> {
  if (events.length === 0) return;
  await insertAndNotify(tx, {
    events: JSON.stringify(
      events.map(({ userId, kind, data }) => ({ user_id: userId, kind, data })),
    ),
    userIds: [...new Set(events.map((event) => event.userId))].join(','),
  });
}

/**
 * One round trip, built once (decision 0060) whatever the number of events: they travel as
 * one JSON array, inserted in its order, and the insert's RETURNING builds the payload.
 */
const insertAndNotify = reusableSql(
  () => sql`WITH inserted AS (
      INSERT INTO live_events (user_id, kind, data)
      SELECT e.user_id, e.kind, e.data
      FROM ROWS FROM (jsonb_to_recordset(${sql.placeholder('events')}::jsonb)
          AS (user_id int, kind text, data jsonb))
        WITH ORDINALITY AS e(user_id, kind, data, position)
      ORDER BY e.position
      RETURNING id, user_id, kind, data),
    payload AS (
      SELECT ${ROWS_PREFIX} || json_agg(json_build_array(id, user_id, kind, data) ORDER BY id)::text AS rows
      FROM inserted)
    SELECT pg_notify(${LIVE_CHANNEL},
      CASE WHEN octet_length(rows) <= ${LIVE_PAYLOAD_MAX_BYTES} THEN rows
           ELSE ${sql.placeholder('userIds')} END)
    FROM payload`,
);
