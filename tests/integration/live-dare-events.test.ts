import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDare } from '../support/dares';
import { addFundedPledge, fundingGateway } from '../support/funded-pledges';
import { openSse, type SseEvent } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, postVote, proveOverHttp } from '../support/votes';

// Issue 19 item 17: a page showing a dare refreshes when its stream says that dare changed.
let t: TestApp;
let base: string;
const streams: Array<{ close: () => void }> = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const open = async (cookie: string) => {
  const stream = await openSse(`${base}/api/events`, { cookie });
  streams.push(stream);
  return stream;
};
const naming = (dareId: number) => (event: SseEvent) =>
  (event.data as { dareId?: number }).dareId === dareId;

describe('live events name the dare they concern', () => {
  it('the taker hears, naming the dare, when the vote completes it', async () => {
    const h = fundingGateway(t);
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 3);
    const stream = await open(taker.cookie);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    for (const voter of voters.slice(0, 2)) {
      expect((await postVote(t.app, voter.cookie, proof.id, true)).statusCode).toBe(200);
    }
    const event = await stream.next(naming(dare.id), 2000);
    expect(event.event).toBe('notification');
  });

  it('the creator hears their public challenge was accepted; its taker hears of pledges', async () => {
    const h = fundingGateway(t);
    const creator = await registerUser(t.app);
    const taker = await registerUser(t.app);
    const pledger = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.user.id,
      takerId: null,
      isPublicChallenge: true,
      status: 'pending',
      targetAmountCents: 2000,
    });
    const creatorStream = await open(creator.cookie);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/dares/${dare.id}/accept`,
      headers: { cookie: taker.cookie },
    });
    expect(accepted.statusCode).toBeLessThan(300);
    expect((await creatorStream.next(naming(dare.id), 2000)).event).toBe('dare');

    // The taker is not the creator, so no notification tells them; the dare event does.
    const takerStream = await open(taker.cookie);
    await addFundedPledge(t, h, { userId: pledger.user.id, dareId: dare.id, amountCents: 2000 });
    expect((await takerStream.next(naming(dare.id), 2000)).event).toBe('dare');
  });
});
