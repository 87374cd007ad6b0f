import { and, asc, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { liveEvents, sessions } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import type { ActiveSession } from '../auth/session-store';
import type { LiveHub, LiveStream } from './hub';
import type { LiveEventRow } from './publish';

/** Rows read per pull; a client far behind gets the rest on the next wake or reconnect. */
const BATCH = 200;
/**
 * Ids are taken at insert but become visible at commit, so a row can appear below one
 * already sent. Each pull also looks back this far and skips what it sent.
 */
const LOOK_BACK_SECONDS = 10;
const RECONNECT_MS = 3000;

/**
 * GET /api/events for one tab: answers with an open text/event-stream, replays what the
 * client missed since `lastEventId` (the browser's Last-Event-ID), then writes each new row
 * as its transaction commits (woken through LISTEN/NOTIFY).
 */
export async function openStream(
  ctx: AppContext,
  hub: LiveHub,
  session: ActiveSession,
  lastEventId: number | undefined,
  reply: FastifyReply,
) {
  const { userId } = session;
  // Nothing at or below the client's last event is sent again (no duplicates on resume).
  const floor = lastEventId ?? (await newestId(ctx, userId));
  let lastId = floor;
  const sent = new Map<number, number>();
  let pulling = false;
  let again = false;
  let closed = false;

  const res = reply.raw;
  const write = (chunk: string) => {
    if (!closed) res.write(chunk);
  };
  /** Each row once, above the client's floor; what was sent is remembered for the look-back. */
  const send = (row: LiveEventRow, now: number) => {
    if (row.id <= floor || sent.has(row.id)) return;
    sent.set(row.id, now);
    lastId = Math.max(lastId, row.id);
    write(`id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify(row.data)}\n\n`);
  };
  const forget = (now: number) => {
    for (const [id, at] of sent) if (now - at > 2 * LOOK_BACK_SECONDS * 1000) sent.delete(id);
  };
  const pullOnce = async () => {
    const rows = await ctx.db
      .select()
      .from(liveEvents)
      .where(
        and(
          eq(liveEvents.userId, userId),
          gt(liveEvents.id, floor),
          or(
            gt(liveEvents.id, lastId),
            sql`${liveEvents.createdAt} > now() - make_interval(secs => ${LOOK_BACK_SECONDS})`,
          ),
        ),
      )
      .orderBy(asc(liveEvents.id))
      .limit(BATCH);
    const now = Date.now();
    for (const row of rows) send(row, now);
    forget(now);
  };
  const stream: LiveStream = {
    userId,
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt,
    res,
    close: () => {
      closed = true;
      res.end();
    },
    push: (row) => {
      const now = Date.now();
      send(row, now);
      forget(now);
    },
    pull: () => {
      if (pulling) {
        again = true;
        return;
      }
      pulling = true;
      void (async () => {
        do {
          again = false;
          await pullOnce().catch((error) => ctx.log.warn({ err: error }, 'live pull failed'));
        } while (again && !closed);
        pulling = false;
      })();
    },
  };
  if (!hub.add(stream)) {
    throw tooManyRequests('Too many open live connections. Close a tab and try again.', 30);
  }
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
  // The response closes when the client goes (or closeAll ends it at shutdown).
  res.on('close', () => {
    closed = true;
    hub.remove(stream);
  });
  // A session ended between the request's lookup and the registration above had its
  // closing NOTIFY before this stream could hear it: look once more, now that it is held.
  if (!(await sessionExists(ctx, session.id))) {
    hub.remove(stream);
    stream.close();
    return;
  }
  // Rows committed before the stream was registered are caught by this first pull.
  stream.pull();
}

async function sessionExists(ctx: AppContext, sessionId: number): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return rows.length > 0;
}

async function newestId(ctx: AppContext, userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId))
    .orderBy(desc(liveEvents.id))
    .limit(1);
  return row?.id ?? 0;
}
