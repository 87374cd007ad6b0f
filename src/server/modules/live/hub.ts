import type { ServerResponse } from 'node:http';
import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_USER } from '@/contracts/limits';

export type LiveStream = {
  userId: number;
  res: ServerResponse;
  /** Reads and writes the user's events that this stream has not sent yet. */
  pull: () => void;
};

/**
 * The event streams open on this instance, by user. Waking a user makes each of their
 * streams read its new rows; `closeAll` ends them at shutdown so SIGTERM is not held up.
 */
export class LiveHub {
  private readonly streams = new Map<number, Set<LiveStream>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = LIVE_HEARTBEAT_MS) {
    // A comment line keeps proxies from closing an idle stream and reveals dead sockets.
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) {
        for (const stream of set) stream.res.write(': ping\n\n');
      }
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /** False when the user already has the most streams allowed (one per tab). */
  add(stream: LiveStream): boolean {
    const set = this.streams.get(stream.userId) ?? new Set();
    if (set.size >= LIVE_STREAMS_PER_USER) return false;
    set.add(stream);
    this.streams.set(stream.userId, set);
    return true;
  }

  remove(stream: LiveStream) {
    const set = this.streams.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.streams.delete(stream.userId);
  }

  wake(userIds: number[]) {
    for (const userId of userIds) {
      for (const stream of this.streams.get(userId) ?? []) stream.pull();
    }
  }

  /** After a lost LISTEN connection: every stream catches up from its rows. */
  wakeAll() {
    this.wake([...this.streams.keys()]);
  }

  count(userId: number) {
    return this.streams.get(userId)?.size ?? 0;
  }

  closeAll() {
    clearInterval(this.heartbeat);
    for (const set of this.streams.values()) {
      for (const stream of set) stream.res.end();
    }
    this.streams.clear();
  }
}
