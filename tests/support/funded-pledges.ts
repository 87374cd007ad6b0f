import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { PaymentIntent } from '@/server/adapters/payments/gateway';
import { SimulatedGateway } from '@/server/adapters/payments/simulated-gateway';
import { connectedAccounts, pledges, users } from '@/server/db/schema';
import { inPledgeTransaction, transitionPledge } from '@/server/modules/pledges/pledge-transitions';
import { createTestApp, type TestApp } from './test-app';

export const CARDS = {
  ok: '4242424242424242',
  /** Authorizes on session, declined when really charged (capture, off-session renewal). */
  declinesWhenCharged: '4000000000000341',
  /** Asks for 3-D Secure: the intent waits in requires_action. */
  authentication: '4000002500003155',
} as const;

/**
 * A simulated gateway over the test app's database with a clock the test moves (holds
 * lapse 7 days after `clock.now`), the way the pledge flow would use it.
 */
export function fundingGateway(t: TestApp) {
  const clock = { now: new Date() };
  const gateway = new SimulatedGateway(t.app.ctx.db, { now: () => clock.now });
  return { gateway, clock, now: () => clock.now };
}

/** The user's gateway customer, made once (as the pledge flow's ensureCustomer does). */
async function customerOf(t: TestApp, gateway: SimulatedGateway, userId: number) {
  const [user] = await t.app.ctx.db.select().from(users).where(eq(users.id, userId));
  if (user!.stripeCustomerId) return user!.stripeCustomerId;
  const { id } = await gateway.createCustomer({
    email: user!.email,
    idempotencyKey: `customer:user:${userId}`,
  });
  await t.app.ctx.db.update(users).set({ stripeCustomerId: id }).where(eq(users.id, userId));
  return id;
}

/**
 * A pledge paid the honest way: the pledge row, a manual-capture intent for its amount
 * (card saved for off-session use) confirmed with a test card at the simulated gateway,
 * then `transitionPledge(... 'authorize')` with the intent's hold, which counts it toward
 * the dare. A card that stops short of an authorization (3-D Secure) leaves it pending, and
 * so does `reported: false`: the card is held at the gateway but the app has not heard of it
 * yet (a webhook still on its way: hand `intent` to handlePaymentIntentUpdate later).
 */
export async function addFundedPledge(
  t: TestApp,
  harness: ReturnType<typeof fundingGateway>,
  values: {
    userId: number;
    dareId: number;
    amountCents: number;
    card?: string;
    reported?: boolean;
  },
) {
  const { db } = t.app.ctx;
  const { gateway, clock } = harness;
  const [created] = await db
    .insert(pledges)
    .values({ userId: values.userId, dareId: values.dareId, amountCents: values.amountCents })
    .returning();
  const customerId = await customerOf(t, gateway, values.userId);
  let intent: PaymentIntent = await gateway.createPaymentIntent({
    amountCents: values.amountCents,
    customerId,
    captureMethod: 'manual',
    setupFutureUsage: 'off_session',
    metadata: { pledgeId: String(created!.id) },
    idempotencyKey: randomUUID(),
  });
  await db
    .update(pledges)
    .set({ paymentIntentId: intent.id, clientSecret: intent.clientSecret })
    .where(eq(pledges.id, created!.id));
  const method = await gateway.createPaymentMethod({
    card: { number: values.card ?? CARDS.ok, expMonth: 12, expYear: 2030, cvc: '123' },
    billingDetails: { name: 'Test Pledger' },
  });
  intent = await gateway.confirmPaymentIntent({
    clientSecret: intent.clientSecret,
    paymentMethodId: method.id,
  });
  if (intent.status !== 'requires_capture' || values.reported === false) {
    const [pending] = await db.select().from(pledges).where(eq(pledges.id, created!.id));
    return { pledge: pending!, intent };
  }
  const pledge = await inPledgeTransaction(t.app.ctx, (tx) =>
    transitionPledge(
      tx,
      created!.id,
      'authorize',
      {
        paymentMethodId: method.id,
        authorizedAt: clock.now,
        captureBefore: intent.captureBefore,
      },
      t.app.ctx.config.publicUrl,
    ),
  );
  return { pledge: pledge!, intent };
}

/** A payout account for the user at the gateway and in connected_accounts. */
export async function addPayoutAccount(
  t: TestApp,
  harness: ReturnType<typeof fundingGateway>,
  userId: number,
  options: { verified: boolean },
) {
  const { gateway } = harness;
  const { id } = await gateway.createConnectedAccount({
    email: `payout-${userId}@example.com`,
    idempotencyKey: `account:user:${userId}`,
  });
  if (options.verified) await gateway.verifyConnectedAccount(id);
  await t.app.ctx.db.insert(connectedAccounts).values({
    userId,
    gatewayAccountId: id,
    verified: options.verified,
    detailsSubmitted: options.verified,
  });
  // Mirrored on the user, as the app links an account (billing/payout-account.ts).
  await t.app.ctx.db
    .update(users)
    .set({ stripeConnectId: id, stripeConnectVerified: options.verified })
    .where(eq(users.id, userId));
  return id;
}

let userCounter = 0;

/** A user row straight in the database (no password flow): for pledgers that never log in. */
export async function addUser(t: TestApp, name = 'pledger') {
  userCounter += 1;
  const handle = `${name}${userCounter}${Date.now().toString(36)}`;
  const [user] = await t.app.ctx.db
    .insert(users)
    .values({
      email: `${handle}@example.com`,
      username: handle,
      passwordHash: 'x',
      displayName: name,
    })
    .returning();
  return user!;
}

/**
 * The test app and a simulated gateway over it, made before a test file's tests and closed
 * after them (the hooks are registered by this call): `const app = fundingAppPerFile()`, then
 * `app.t` and `app.h` inside the tests.
 */
export function fundingAppPerFile() {
  const app = {} as { t: TestApp; h: ReturnType<typeof fundingGateway> };
  beforeAll(async () => {
    app.t = await createTestApp();
    app.h = fundingGateway(app.t);
  });
  afterAll(async () => {
    await app.t?.close();
  });
  return app;
}
