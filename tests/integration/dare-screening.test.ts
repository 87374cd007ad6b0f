import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DARE_MESSAGES } from '@/contracts/dare-values';
import { dareRequests, dares } from '@/server/db/schema';
import { challengePayload } from '../support/challenges';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 21 item 6 on the server: a new dare or dare request whose words clearly match the
 * danger list is refused with the spec's warning (422) and nothing is stored; an ordinary
 * dare with risky-sounding words goes through.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const createChallenge = (cookie: string, title: string, description: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dares',
    headers: { cookie },
    payload: { ...challengePayload('phone', '+15555550123'), title, description },
  });

describe('dangerous dares at creation', () => {
  it('refuses a clear match with 422 and the warning, and stores nothing', async () => {
    const creator = await registerUser(t.app);
    for (const [title, description] of [
      ['Jump off the roof', 'From the third floor, on camera.'],
      ['Cleaning challenge', 'Film yourself as you eat a Tide Pod.'],
      ['Night drive', 'Drive blindfolded around the block.'],
    ] as const) {
      const refused = await createChallenge(creator.cookie, title, description);
      expect(refused.statusCode, title).toBe(422);
      expect(refused.json().message).toBe(DARE_MESSAGES.dangerous);
    }
    const stored = await t.app.ctx.db
      .select()
      .from(dares)
      .where(eq(dares.creatorId, creator.user.id));
    expect(stored).toEqual([]);
  });

  it('lets an ordinary dare through, risky-sounding words and all', async () => {
    const creator = await registerUser(t.app);
    const created = await createChallenge(
      creator.cookie,
      'Eat a ghost pepper',
      'No milk for five minutes after, then shave my head.',
    );
    expect(created.statusCode).toBe(201);
  });

  it('refuses a dangerous dare request the same way', async () => {
    const sender = await registerUser(t.app);
    const recipient = await registerUser(t.app);
    const api = dareRequestCalls(t.app);
    const refused = await api.send(
      sender.cookie,
      requestBody({ recipientId: recipient.user.id, dareTitle: 'Play chicken with a train' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(DARE_MESSAGES.dangerous);
    const sent = await t.app.ctx.db
      .select()
      .from(dareRequests)
      .where(eq(dareRequests.senderId, sender.user.id));
    expect(sent).toEqual([]);
    const fine = await api.send(
      sender.cookie,
      requestBody({ recipientId: recipient.user.id, dareTitle: 'Run a marathon' }),
    );
    expect(fine.statusCode).toBe(201);
  });
});
