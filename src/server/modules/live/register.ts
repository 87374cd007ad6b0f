import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { LiveHub } from './hub';
import { LIVE_CHANNEL } from './publish';

/**
 * Starts this instance's side of live delivery: LISTEN on the channel every transaction
 * NOTIFYs at commit (so a message sent through any instance wakes the streams held here),
 * and ends every stream when the app closes so shutdown is never held up by them.
 */
export async function startLiveHub(app: FastifyInstance, ctx: AppContext, database: Database) {
  const hub = new LiveHub();
  const unlisten = await database.listen(
    LIVE_CHANNEL,
    (payload) => {
      const userIds = payload.split(',').map(Number).filter(Number.isInteger);
      hub.wake(userIds);
    },
    () => hub.wakeAll(),
  );
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await unlisten().catch((error) => ctx.log.warn({ err: error }, 'unlisten failed'));
  });
  return hub;
}
