import type { ServerResponse } from 'node:http';
import { LIVE_HEARTBEAT_MS, LIVE_STREAMS_PER_USER } from '@/contracts/limits';
import type { LiveEventRow } from './publish';

export type LiveStream = {
  userId: number;
  /** The session the stream was opened with: ending it closes the stream. */
  sessionId: number;
  /** The session's expiry as known at opening; the heartbeat closes the stream after it. */
  sessionExpiresAt: Date;
  res: ServerResponse;
  /** Reads and writes the user's events that this stream has not sent yet. */
  pull: () => void;
  /** Writes one committed event row of the user's that came in a NOTIFY (no read). */
  push: (row: LiveEventRow) => void;
  /** Ends the response; nothing more is written to it. */
  close: () => void;
};

/**
 * The event streams open on this instance, by user and by session, so that delivering an
 * event or ending a session touches only the streams concerned, never all of them (thousands
 * on one instance, issue 23). Rows that came in a NOTIFY are written as they are; waking a
 * user makes each of their streams read its new rows; ending a session closes its streams
 * (the client's reconnect then meets a 401); `closeAll` ends them at shutdown so SIGTERM is
 * not held up.
 */
export class LiveHub {
  private readonly streams = new Map<number, Set<LiveStream>>();
  private readonly bySession = new Map<number, Set<LiveStream>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = LIVE_HEARTBEAT_MS) {
    // A comment line keeps proxies from closing an idle stream and reveals dead sockets.
    // A stream outliving its session's expiry is closed: a reconnect checks the session again.
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      for (const stream of this.all()) {
        if (stream.sessionExpiresAt.getTime() <= now) this.end(stream);
        else stream.res.write(': ping\n\n');
      }
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  private *all(): Generator<LiveStream> {
    for (const set of this.streams.values()) yield* [...set];
  }

  /** False when the user already has the most streams allowed (one per tab). */
  add(stream: LiveStream): boolean {
    const set = this.streams.get(stream.userId) ?? new Set();
    if (set.size >= LIVE_STREAMS_PER_USER) return false;
    set.add(stream);
    this.streams.set(stream.userId, set);
    const ofSession = this.bySession.get(stream.sessionId) ?? new Set();
    ofSession.add(stream);
    this.bySession.set(stream.sessionId, ofSession);
    return true;
  }

  remove(stream: LiveStream) {
    const set = this.streams.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.streams.delete(stream.userId);
    const ofSession = this.bySession.get(stream.sessionId);
    ofSession?.delete(stream);
    if (ofSession?.size === 0) this.bySession.delete(stream.sessionId);
  }

  private end(stream: LiveStream) {
    this.remove(stream);
    stream.close();
  }

  wake(userIds: number[]) {
    for (const userId of userIds) {
      for (const stream of this.streams.get(userId) ?? []) stream.pull();
    }
  }

  /** Committed rows from a NOTIFY, each to its user's streams here. */
  deliver(rows: LiveEventRow[]) {
    for (const row of rows) {
      for (const stream of this.streams.get(row.userId) ?? []) stream.push(row);
    }
  }

  /** After a lost LISTEN connection: every stream catches up from its rows. */
  wakeAll() {
    this.wake([...this.streams.keys()]);
  }

  /** Closes every stream opened with one of these sessions (see auth/end-sessions.ts). */
  endSessions(sessionIds: number[]) {
    for (const sessionId of sessionIds) {
      for (const stream of [...(this.bySession.get(sessionId) ?? [])]) this.end(stream);
    }
  }

  /** The sessions of the streams held here. */
  sessionIds(): number[] {
    return [...this.bySession.keys()];
  }

  count(userId: number) {
    return this.streams.get(userId)?.size ?? 0;
  }

  /** Every stream held here (darefund_live_streams_open). */
  size() {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  closeAll() {
    clearInterval(this.heartbeat);
    for (const stream of this.all()) stream.close();
    this.streams.clear();
    this.bySession.clear();
  }
}
