import { eq, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { stripeGateway } from '../../adapters/payments/create-gateway';
import { toConnectedAccount, toPaymentIntent } from '../../adapters/payments/stripe/mapping';
import { WebhookSignatureError } from '../../adapters/payments/stripe-gateway';
import type { AppContext } from '../../context';
import { connectedAccounts, users, webhookEvents } from '../../db/schema';
import { handlePaymentIntentUpdate } from '../pledges/payment-events';

const PAYMENT_INTENT_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
]);

const responses = {
  200: z.object({ received: z.literal(true) }),
  400: z.object({ message: z.string() }),
};

/**
 * Stripe webhooks (POST /api/stripe/webhook), registered only when the Stripe gateway is
 * active: signature checked on the raw body, deduplicated by event id (decision 0007).
 * Stripe sends no Origin header, so the security plugin's cross-site check lets it through.
 */
export function stripeWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const gateway = stripeGateway(ctx);
    if (!gateway) return;
    // Several secrets, comma-separated: Stripe signs account events and Connect events
    // (account.updated of payout accounts) at two endpoints, each with its own secret.
    const configured = (ctx.config.stripe.webhookSecret ?? '')
      .split(',')
      .map((secret) => secret.trim())
      .filter(Boolean);
    if (configured.length === 0) {
      ctx.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be answered 500');
    }

    // The signature covers the exact bytes Stripe sent: keep them, parse nothing. This plugin
    // is encapsulated, so every other route keeps the JSON parser.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    const schema = {
      summary: 'Stripe webhook events (signed; Stripe gateway only).',
      tags: ['Payments'],
      // The raw body is checked against Stripe-Signature, so it is documented, not parsed.
      documentedBody: z.looseObject({ id: z.string(), type: z.string() }),
      response: responses,
    };
    app.post('/stripe/webhook', { schema }, async (request, reply) => {
      // A 500 makes Stripe retry, so no event is lost while the secret is being configured.
      if (configured.length === 0) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        return reply.status(400).send({ message: 'Missing Stripe signature' });
      }
      const event = await verified(request.body, signature);
      if (!event) return reply.status(400).send({ message: 'Invalid Stripe signature' });
      await recordAndHandle(ctx, event);
      return reply.status(200).send({ received: true });
    });

    /** The event when one of the secrets verifies it (a stale timestamp never does). */
    async function verified(body: Buffer, signature: string): Promise<Stripe.Event | null> {
      for (const secret of configured) {
        try {
          return await gateway!.constructWebhookEvent(body, signature, secret);
        } catch (error) {
          if (!(error instanceof WebhookSignatureError)) throw error;
        }
      }
      return null;
    }
  };
}

/**
 * Records the event id and handles the event in one transaction: a duplicate finds the id
 * (ON CONFLICT DO NOTHING inserts nothing) and does nothing; a failure rolls the id back, so
 * Stripe's retry is handled. On Postgres a concurrent duplicate waits on the id's insert
 * until the first delivery commits or rolls back.
 */
async function recordAndHandle(ctx: AppContext, event: Stripe.Event): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return;
    await handleEvent({ ...ctx, db: tx }, event);
  });
}

/** Other event types are recorded and ignored (the endpoint may be subscribed to more). */
async function handleEvent(ctx: AppContext, event: Stripe.Event): Promise<void> {
  if (PAYMENT_INTENT_EVENTS.has(event.type)) {
    const intent = event.data.object as Stripe.PaymentIntent;
    await handlePaymentIntentUpdate(ctx, toPaymentIntent(intent));
  } else if (event.type === 'account.updated') {
    await updateConnectedAccount(ctx, event.data.object);
  }
}

/** A payout account's onboarding progressed (or was restricted): mirror it on our rows. */
async function updateConnectedAccount(ctx: AppContext, account: Stripe.Account): Promise<void> {
  const { id, verified, detailsSubmitted } = toConnectedAccount(account);
  const now = new Date();
  const linked = await ctx.db
    .update(connectedAccounts)
    .set({ verified, detailsSubmitted, updatedAt: now })
    .where(eq(connectedAccounts.gatewayAccountId, id))
    .returning({ userId: connectedAccounts.userId });
  const userIds = linked.map((row) => row.userId);
  await ctx.db
    .update(users)
    .set({ stripeConnectVerified: verified, updatedAt: now })
    .where(or(eq(users.stripeConnectId, id), inArray(users.id, userIds)));
}
