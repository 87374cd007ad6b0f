import { lt } from 'drizzle-orm';
import { LIVE_EVENTS_KEEP_HOURS } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { liveEvents } from '../../db/schema';

export const PRUNE_LIVE_EVENTS_JOB = 'prune-live-events';

/**
 * Live events only serve streams that reconnect (Last-Event-ID); a tab away for longer than
 * this reloads its lists anyway, so older rows go. Returns how many were deleted.
 */
export async function pruneLiveEvents(ctx: AppContext, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LIVE_EVENTS_KEEP_HOURS * 60 * 60 * 1000);
  const deleted = await ctx.db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ id: liveEvents.id });
  return deleted.length;
}
