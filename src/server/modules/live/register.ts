import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { LiveHub } from './hub';
import { LIVE_CHANNEL, parseLivePayload } from './publish';

/**
 * Starts this instance's side of live delivery: LISTEN on the channel every transaction
 * NOTIFYs at commit (so a message sent through any instance wakes the streams held here,
 * and a session ended through any instance closes its streams here), and ends every stream
 * when the app closes so shutdown is never held up by them.
 */
export async function startLiveHub(app: FastifyInstance, ctx: AppContext, database: Database) {
  const hub = new LiveHub();
  new Gauge({
    name: 'darefund_live_streams_open',
    help: 'Live event streams (GET /api/events) held open by this instance',
    registers: [ctx.metrics.registry],
    collect() {
      this.set(hub.size());
    },
  });
  const unlisten = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const parsed = parseLivePayload(payload);
      if ('rows' in parsed) hub.deliver(parsed.rows);
      else if ('endedSessionIds' in parsed) hub.endSessions(parsed.endedSessionIds);
      else hub.wake(parsed.userIds);
    },
    // Notifications sent while the connection was down are lost: catch up on both kinds.
    () => {
      hub.wakeAll();
      void closeStreamsOfEndedSessions(ctx, hub).catch((error) =>
        ctx.log.warn({ err: error }, 'live session check failed'),
      );
    },
  );
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await unlisten().catch((error) => ctx.log.warn({ err: error }, 'unlisten failed'));
  });
  return hub;
}

/** Closes the streams whose session no longer exists (or has expired). */
export async function closeStreamsOfEndedSessions(ctx: AppContext, hub: LiveHub) {
  const held = hub.sessionIds();
  if (held.length === 0) return;
  const live = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, held), gt(sessions.expiresAt, new Date())));
  const alive = new Set(live.map((row) => row.id));
  hub.endSessions(held.filter((id) => !alive.has(id)));
}
