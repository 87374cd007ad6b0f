import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveHub, type LiveStream } from '@/server/modules/live/hub';
import { type LiveEventRow, parseLivePayload } from '@/server/modules/live/publish';

const hubs: LiveHub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.closeAll();
});

function fakeStream(userId: number, sessionId: number) {
  const log = { pushed: [] as number[], pulls: 0, closed: false };
  const stream: LiveStream = {
    userId,
    sessionId,
    sessionExpiresAt: new Date(Date.now() + 60_000),
    res: { write: () => true } as unknown as ServerResponse,
    pull: () => {
      log.pulls++;
    },
    push: (row) => log.pushed.push(row.id),
    close: () => {
      log.closed = true;
    },
  };
  return { stream, log };
}

const row = (id: number, userId: number): LiveEventRow => ({
  id,
  userId,
  kind: 'dare',
  data: { dareId: 1 },
});

describe('LiveHub', () => {
  it("delivers each row to its user's streams only, and wakes only the users named", () => {
    const hub = new LiveHub();
    hubs.push(hub);
    const ann1 = fakeStream(1, 10);
    const ann2 = fakeStream(1, 11);
    const bo = fakeStream(2, 20);
    for (const s of [ann1, ann2, bo]) expect(hub.add(s.stream)).toBe(true);
    hub.deliver([row(5, 1), row(6, 3)]);
    expect(ann1.log.pushed).toEqual([5]);
    expect(ann2.log.pushed).toEqual([5]);
    expect(bo.log.pushed).toEqual([]);
    hub.wake([2]);
    expect([ann1.log.pulls, bo.log.pulls]).toEqual([0, 1]);
    expect(hub.size()).toBe(3);
  });

  it('ends the streams of the ended sessions only, and forgets removed streams', () => {
    const hub = new LiveHub();
    hubs.push(hub);
    const a = fakeStream(1, 10);
    const b = fakeStream(1, 11);
    const c = fakeStream(2, 10);
    for (const s of [a, b, c]) hub.add(s.stream);
    expect(hub.sessionIds().sort()).toEqual([10, 11]);
    hub.endSessions([10, 99]);
    expect([a.log.closed, b.log.closed, c.log.closed]).toEqual([true, false, true]);
    expect(hub.sessionIds()).toEqual([11]);
    hub.remove(b.stream);
    expect(hub.size()).toBe(0);
    expect(hub.sessionIds()).toEqual([]);
    hub.deliver([row(7, 1)]);
    expect(b.log.pushed).toEqual([]);
  });
});

describe('parseLivePayload', () => {
  it('reads the rows, the ids and the ended sessions forms', () => {
    expect(parseLivePayload('rows:[[4,2,"message",{"a":1}]]')).toEqual({
      rows: [{ id: 4, userId: 2, kind: 'message', data: { a: 1 } }],
    });
    expect(parseLivePayload('3,7')).toEqual({ userIds: [3, 7] });
    expect(parseLivePayload('ended:8')).toEqual({ endedSessionIds: [8] });
  });
});
