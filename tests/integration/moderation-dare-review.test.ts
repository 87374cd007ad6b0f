import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import { dares } from '@/server/db/schema';
import { challengePayload } from '../support/challenges';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { createDare } from '../support/dares';
import {
  moderationApi,
  moderatorFactory,
  openCaseOf,
  setModerationState,
} from '../support/moderation';
import { CARDS, cardPayment } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 21 items 4 and 6: a dare whose words likely match the danger list is created 'Under
 * review' (seen by its creator and moderators only, no pledges, in the queue with the
 * screen's category); a removed dare is 410 to all but moderators.
 */
let t: TestApp;
let api: ReturnType<typeof moderationApi>;
let moderator: Awaited<ReturnType<typeof moderatorFactory>>;
beforeAll(async () => {
  t = await createTestApp();
  api = moderationApi(t.app);
  moderator = await moderatorFactory(t);
});
afterAll(async () => {
  await t?.close();
});

const LIKELY = { title: 'Sing a song on the rooftop terrace', category: 'heights' } as const;

const pledge = (cookie: string, dareId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pledges',
    headers: { cookie },
    payload: { dareId, amount: 10 },
  });

const stateOf = async (id: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!.moderationState;

describe('a likely dangerous dare waits under review', () => {
  it('is seen by its creator (with its state) and moderators only, refuses pledges, and is queued', async () => {
    const creator = await registerUser(t.app);
    const other = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dares',
      headers: { cookie: creator.cookie },
      payload: { ...challengePayload('phone', '+15555550123'), title: LIKELY.title },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json().moderationState).toBe('under_review');

    const own = await api.dare(id, creator.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json().moderationState).toBe('under_review');
    expect((await api.dare(id, other.cookie)).statusCode).toBe(404);
    expect((await api.dare(id)).statusCode).toBe(404);
    const seen = await api.dare(id, moderator.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().moderationState).toBe('under_review');
    // Its pledger list follows the dare.
    const pledgers = (cookie?: string) =>
      t.app.inject({ url: `/api/dares/${id}/pledges`, headers: cookie ? { cookie } : {} });
    expect((await pledgers(other.cookie)).statusCode).toBe(404);
    expect((await pledgers(creator.cookie)).statusCode).toBe(200);

    for (const cookie of [other.cookie, creator.cookie]) {
      const refused = await pledge(cookie, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MODERATION_MESSAGES.dareUnderReview);
    }

    const queue = await api.queue(moderator.cookie);
    expect(queue.statusCode).toBe(200);
    const item = queue
      .json()
      .items.find(
        (entry: { targetId: number; targetType: string }) =>
          entry.targetType === 'dare' && entry.targetId === id,
      );
    expect(item).toMatchObject({
      screening: LIKELY.category,
      reportCount: 0,
      reporters: [],
      owner: { id: creator.user.id, suspended: false },
      content: { title: LIKELY.title, moderationState: 'under_review', missing: false },
    });
  });

  it('an ordinary dare is listed as before (moderationState null, no case)', async () => {
    const creator = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dares',
      headers: { cookie: creator.cookie },
      payload: { ...challengePayload('phone', '+15555550124'), title: 'Eat a ghost pepper' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().moderationState).toBeNull();
    expect(await openCaseOf(t.app.ctx.db, 'dare', created.json().id)).toEqual([]);
  });

  it('a public challenge with likely words is created under review with its funding', async () => {
    const creator = await registerUser(t.app);
    await t.app.ctx.storage.put('videos/review-pitch.mp4', Buffer.from('x'), 'video/mp4');
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-pre-dare-intent',
      headers: { cookie: creator.cookie },
      payload: { amount: 500 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { clientSecret: intent.json().clientSecret, paymentMethod: cardPayment(CARDS.visa) },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dares',
      headers: { cookie: creator.cookie },
      payload: {
        title: LIKELY.title,
        description: 'One song, up top.',
        targetAmount: 50,
        category: 'Comedy',
        contentRating: 'PG',
        pitchVideo: '/media/videos/review-pitch.mp4',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        dareType: 'challenge',
        recipientType: 'public',
        isPublicChallenge: true,
        fundingPaymentIntentId: intent.json().paymentIntentId,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await stateOf(id)).toBe('under_review');
    expect(await openCaseOf(t.app.ctx.db, 'dare', id)).toMatchObject([{ screening: 'heights' }]);
    // Nobody takes it on meanwhile.
    const taker = await registerUser(t.app);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/dares/${id}/accept`,
      headers: { cookie: taker.cookie },
    });
    expect(accept.statusCode).toBe(404);
  });

  it('the dare an accepted request creates is held the same way', async () => {
    const sender = await registerUser(t.app);
    const recipient = await registerUser(t.app);
    const requests = dareRequestCalls(t.app);
    const sent = await requests.send(
      sender.cookie,
      requestBody({ recipientId: recipient.user.id, dareTitle: LIKELY.title }),
    );
    expect(sent.statusCode).toBe(201);
    const accepted = await requests.answer(recipient.cookie, sent.json().id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const dareId = accepted.json().dareId as number;
    expect(await stateOf(dareId)).toBe('under_review');
    expect(await openCaseOf(t.app.ctx.db, 'dare', dareId)).toMatchObject([
      { screening: 'heights', ownerId: recipient.user.id },
    ]);
  });
});

describe('a removed dare', () => {
  it('answers 410 with the spec words to all but moderators: API, page, pledges', async () => {
    const creator = await registerUser(t.app);
    const other = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.user.id });
    // A pledge made before, its card not yet asked for.
    const before = await pledge(other.cookie, dare.id);
    expect(before.statusCode).toBe(201);
    await setModerationState(t.app.ctx.db, 'dare', dare.id, 'removed');

    for (const cookie of [undefined, other.cookie, creator.cookie]) {
      const gone = await api.dare(dare.id, cookie);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().message).toBe(MODERATION_MESSAGES.dareRemoved);
    }
    const seen = await api.dare(dare.id, moderator.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().moderationState).toBe('removed');

    const refused = await pledge(other.cookie, dare.id);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(MODERATION_MESSAGES.dareRemoved);
    // ... cannot get its card payment now.
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/pledges/payment-intent',
      headers: { cookie: other.cookie },
      payload: { pledgeId: before.json().id, dareId: dare.id, amount: 1000 },
    });
    expect(intent.statusCode).toBe(410);

    // The page: 410 with no trace of the dare's words in the share preview.
    const page = await t.app.inject({ url: `/dares/${dare.id}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).not.toContain(dare.title);
    expect(page.body).toContain(MODERATION_MESSAGES.dareRemoved);
    const moderatorsPage = await t.app.inject({
      url: `/dares/${dare.id}`,
      headers: { cookie: moderator.cookie },
    });
    expect(moderatorsPage.statusCode).toBe(200);
  });

  it("an under-review dare's page shares nothing of it", async () => {
    const creator = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.user.id });
    await setModerationState(t.app.ctx.db, 'dare', dare.id, 'under_review');
    const page = await t.app.inject({ url: `/dares/${dare.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(dare.title);
  });
});
