import { UPLOADS_IN_FLIGHT_PER_INSTANCE, UPLOADS_IN_FLIGHT_PER_USER } from '@/contracts/limits';
import { MEDIA_MESSAGES } from '@/contracts/media';
import { AppError, tooManyRequests } from '../../lib/errors';

/** Time uploads in flight get to finish after a shutdown starts, before they are answered 503. */
export const UPLOAD_SHUTDOWN_GRACE_MS = 5_000;

export const serverRestarting = () =>
  new AppError(503, MEDIA_MESSAGES.restarting, 'restarting', { 'retry-after': '10' });

/**
 * Uploads in flight: bounded per person and per instance (each holds a socket, a spool
 * file and maybe an ffmpeg run), and cut short with a 503 when the server shuts down, so
 * the client hears why (instead of a reset at the shutdown deadline) and the spool goes.
 */
export function createUploadSlots() {
  const perUser = new Map<number, number>();
  const active = new Set<AbortController>();
  let closing = false;

  return {
    async run<T>(userId: number, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
      if (closing) throw serverRestarting();
      const mine = perUser.get(userId) ?? 0;
      if (mine >= UPLOADS_IN_FLIGHT_PER_USER)
        throw tooManyRequests(MEDIA_MESSAGES.tooManyUploads, 5);
      if (active.size >= UPLOADS_IN_FLIGHT_PER_INSTANCE) {
        throw new AppError(503, MEDIA_MESSAGES.serverBusy, 'busy', { 'retry-after': '5' });
      }
      const controller = new AbortController();
      perUser.set(userId, mine + 1);
      active.add(controller);
      try {
        return await task(controller.signal);
      } finally {
        active.delete(controller);
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      }
    },

    /** Refuses new uploads now; those still running after the grace period get a 503. */
    close(graceMs = UPLOAD_SHUTDOWN_GRACE_MS) {
      closing = true;
      if (active.size === 0) return;
      const timer = setTimeout(() => {
        for (const controller of active) controller.abort(serverRestarting());
      }, graceMs);
      timer.unref();
    },
  };
}
export type UploadSlots = ReturnType<typeof createUploadSlots>;
