import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dollarsToCents } from '@/contracts/money';
import {
  type ClientSecretResult,
  type CreatePledgeInput,
  PLEDGE_MESSAGES,
  type PledgeView,
  type pledgePaymentIntentSchema,
} from '@/contracts/pledges';
import { paymentGateway } from '../../adapters/payments/create-gateway';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { dares, pledges, users } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { answerOnce } from '../idempotency/answer-once';
import { ensureCustomer } from '../payments/customers';
import { failWith } from '../payments/provider-failures';
import { assertOpenForPledges } from './open-for-pledges';
import { handlePaymentIntentUpdate } from './payment-events';
import { pledgeViewById, pledgeViewsOfUser, toPledgeView } from './pledge-views';

/**
 * POST /api/pledges. A pledge starts pending: it counts toward the dare only once its card is
 * authorized (payment-events.ts). The Idempotency-Key header makes a repeated request (a
 * double tap, a retry) answer the first one's pledge, as Stripe does (answerOnce).
 */
export function createPledge(
  ctx: AppContext,
  userId: number,
  input: CreatePledgeInput,
  idempotencyKey?: string,
) {
  return answerOnce<PledgeView>(
    ctx,
    { userId, key: idempotencyKey, operation: 'POST /api/pledges', input },
    async (tx) => ({ status: 201, body: await insertPledge(tx, userId, input) }),
  );
}

/**
 * The dare a pledge goes to, with the pledger's row FOR SHARE in the same statement: an
 * account deletion (which takes it FOR NO KEY UPDATE) either waits for this pledge to commit
 * and then releases it, or has committed first and this sees the account gone (decision 0046).
 * Also what the answer shows of the dare, read here rather than again after the insert.
 */
const dareToPledgeTo = reusableStatement((db) =>
  db
    .select({
      status: dares.status,
      expiresAt: dares.expiresAt,
      moderationState: dares.moderationState,
      deletedAt: users.deletedAt,
      title: dares.title,
      coverImage: dares.coverImage,
      pitchPoster: dares.pitchPoster,
    })
    .from(dares)
    .innerJoin(users, eq(users.id, sql.placeholder('userId')))
    .where(eq(dares.id, sql.placeholder('dareId')))
    .for('share', { of: users }),
);

const insertPendingPledge = reusableStatement((db) =>
  db
    .insert(pledges)
    .values({
      userId: sql.placeholder('userId'),
      dareId: sql.placeholder('dareId'),
      amountCents: sql.placeholder('amountCents'),
    })
    .returning(),
);

async function insertPledge(tx: Tx, userId: number, input: CreatePledgeInput) {
  const [dare] = await dareToPledgeTo(tx, { userId, dareId: input.dareId });
  if (dare?.deletedAt) throw unauthorized();
  if (!dare) throw notFound(PLEDGE_MESSAGES.dareNotFound);
  assertOpenForPledges(dare);
  const amountCents = dollarsToCents(input.amount);
  const [created] = await insertPendingPledge(tx, { userId, dareId: input.dareId, amountCents });
  const { title, status, coverImage, pitchPoster } = dare;
  return toPledgeView({
    pledge: created!,
    dare: { id: input.dareId, title, status, coverImage, pitchPoster },
  });
}

/** The pledge if it is the user's; anyone else gets the same 404 as for a missing one. */
async function ownPledge(ctx: AppContext, userId: number, pledgeId: number) {
  const [pledge] = await ctx.db.select().from(pledges).where(eq(pledges.id, pledgeId));
  if (!pledge || pledge.userId !== userId) throw notFound(PLEDGE_MESSAGES.pledgeNotFound);
  return pledge;
}

const pledgeForIntent = reusableStatement((db) =>
  db
    .select({
      pledge: pledges,
      dare: {
        status: dares.status,
        expiresAt: dares.expiresAt,
        moderationState: dares.moderationState,
      },
      customerId: users.stripeCustomerId,
    })
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .innerJoin(users, eq(users.id, pledges.userId))
    .where(eq(pledges.id, sql.placeholder('pledgeId'))),
);

/** updatedAt marks when the intent was attached: the reconcile job ages pending pledges by it. */
const attachIntent = reusableStatement((db) =>
  db
    .update(pledges)
    .set({
      paymentIntentId: sql`${sql.placeholder('intentId')}`,
      clientSecret: sql`${sql.placeholder('clientSecret')}`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(and(eq(pledges.id, sql.placeholder('pledgeId')), isNull(pledges.paymentIntentId))),
);

/**
 * The card payment for a pending pledge: a manual-capture intent for the pledge's own stored
 * amount (the client's `amount` must match it), saved for off-session use so holds can be
 * renewed. Asking again returns the same intent.
 */
export async function createPledgePaymentIntent(
  ctx: AppContext,
  userId: number,
  input: z.infer<typeof pledgePaymentIntentSchema>,
): Promise<ClientSecretResult> {
  // The pledge, its dare's state and the pledger's gateway customer in one read (0054).
  const [found] = await pledgeForIntent(ctx.db, { pledgeId: input.pledgeId });
  // Anyone else's pledge gets the same 404 as a missing one.
  if (!found || found.pledge.userId !== userId) throw notFound(PLEDGE_MESSAGES.pledgeNotFound);
  const { pledge, dare } = found;
  if (pledge.dareId !== input.dareId) throw badRequest(PLEDGE_MESSAGES.pledgeNotFound);
  if (pledge.amountCents !== input.amount) throw badRequest(PLEDGE_MESSAGES.amountMismatch);
  if (pledge.status !== 'pending') {
    const live = pledge.status === 'authorized' || pledge.status === 'captured';
    throw conflict(live ? PLEDGE_MESSAGES.alreadyAuthorized : PLEDGE_MESSAGES.pledgeClosed);
  }
  assertOpenForPledges(dare);

  const gateway = paymentGateway(ctx);
  const intent = await createIntent(ctx, pledge, userId, found.customerId);
  await attachIntent(ctx.db, {
    pledgeId: pledge.id,
    intentId: intent.id,
    clientSecret: intent.clientSecret,
    now: new Date(),
  });
  if (!pledge.paymentIntentId) {
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, status: intent.status };
  }
  // Asked again: the replayed answer is the intent as it was created. Its state now tells
  // whether the card was in fact authorized already (a webhook not yet handled).
  const now = await gateway
    .retrievePaymentIntent(intent.id)
    .catch(failWith(ctx, PLEDGE_MESSAGES.intentFailed));
  if (now.status === 'requires_capture') {
    await handlePaymentIntentUpdate(ctx, now);
    throw conflict(PLEDGE_MESSAGES.alreadyAuthorized);
  }
  return { clientSecret: now.clientSecret, paymentIntentId: now.id, status: now.status };
}

/** One intent per pledge at the gateway; its failure is the spec's one message (502). */
async function createIntent(
  ctx: AppContext,
  pledge: { id: number; amountCents: number; dareId: number },
  userId: number,
  knownCustomerId: string | null,
) {
  const create = async () =>
    paymentGateway(ctx).createPaymentIntent({
      amountCents: pledge.amountCents,
      customerId: knownCustomerId ?? (await ensureCustomer(ctx, userId)),
      captureMethod: 'manual',
      setupFutureUsage: 'off_session',
      metadata: {
        purpose: 'pledge',
        pledgeId: String(pledge.id),
        dareId: String(pledge.dareId),
        userId: String(userId),
      },
      // One intent per pledge, however often the client asks.
      idempotencyKey: `pledge:${pledge.id}:intent`,
    });
  return create().catch(failWith(ctx, PLEDGE_MESSAGES.intentFailed));
}

/**
 * One of the user's pledges. A pending pledge with an intent is reconciled with the gateway
 * first, so a client that paid sees the authorization even if the webhook is late.
 */
export async function getOwnPledge(
  ctx: AppContext,
  userId: number,
  pledgeId: number,
): Promise<PledgeView> {
  const pledge = await ownPledge(ctx, userId, pledgeId);
  if (pledge.status === 'pending' && pledge.paymentIntentId) {
    const intent = await paymentGateway(ctx).retrievePaymentIntent(pledge.paymentIntentId);
    await handlePaymentIntentUpdate(ctx, intent);
  }
  return (await pledgeViewById(ctx.db, pledgeId))!;
}

export const listOwnPledges = (ctx: AppContext, userId: number) =>
  pledgeViewsOfUser(ctx.db, userId);
