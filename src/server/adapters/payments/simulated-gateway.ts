import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableStatement } from '../../db/reusable-statement';
import { gatewayPaymentIntents, gatewayPaymentMethods } from '../../db/schema';
import { type PaymentGateway, PaymentGatewayError, type PaymentIntent } from './gateway';
import * as accounts from './simulated/accounts';
import { applyEvent, applyEventsToRow } from './simulated/apply';
import { type CardInput, checkCard } from './simulated/cards';
import { idempotent } from './simulated/idempotency';
import { newClientSecret, newId } from './simulated/ids';
import { assertUsableForIntent } from './simulated/ownership';
import {
  behaviorOf,
  findMethod,
  lockIntent,
  type MethodRow,
  missing,
  reviveIntent,
  toIntent,
  toMethod,
} from './simulated/rows';
import type { IntentEvent } from './simulated/transitions';

type CreateIntentInput = Parameters<PaymentGateway['createPaymentIntent']>[0];
export type SimulatedGatewayOptions = {
  now?: () => Date;
  /** What each server-side call waits first, like a real gateway's round trip. */
  latencyMs?: number;
};

/** Stripe's minimum charge in USD. */
const MIN_AMOUNT_CENTS = 50;

/** A card as the card form gave it (brand, last4, expiry, behavior, billing name). */
const insertMethod = reusableStatement((db) =>
  db
    .insert(gatewayPaymentMethods)
    .values({
      id: sql.placeholder('id'),
      brand: sql.placeholder('brand'),
      last4: sql.placeholder('last4'),
      expMonth: sql.placeholder('expMonth'),
      expYear: sql.placeholder('expYear'),
      behavior: sql.placeholder('behavior'),
      billingName: sql.placeholder('billingName'),
    })
    .returning(),
);

const insertIntent = reusableStatement((db) =>
  db
    .insert(gatewayPaymentIntents)
    .values({
      id: sql.placeholder('id'),
      clientSecret: sql.placeholder('clientSecret'),
      amountCents: sql.placeholder('amountCents'),
      status: sql.placeholder('status'),
      captureMethod: sql.placeholder('captureMethod'),
      paymentMethodId: sql.placeholder('paymentMethodId'),
      customerId: sql.placeholder('customerId'),
      setupFutureUsage: sql.placeholder('setupFutureUsage'),
      metadata: sql.placeholder('metadata'),
    })
    .returning(),
);

/**
 * Stripe test mode in Postgres (DESIGN.md section 4, decision 0006). Intent rules live in
 * the pure `transition`; this class loads rows under a lock, applies it and writes the result,
 * each mutating call inside `idempotent`. `now` is injectable so tests can move the clock.
 */
export class SimulatedGateway implements PaymentGateway {
  readonly kind = 'simulated' as const;
  private readonly now: () => Date;
  private readonly latencyMs: number;

  constructor(
    private readonly db: Db,
    options: SimulatedGatewayOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.latencyMs = options.latencyMs ?? 0;
  }

  /** The simulated round trip (SIMULATED_GATEWAY_LATENCY_MS): nothing at all when 0. */
  private async roundTrip() {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
  }

  /** What Stripe.js does with the card form: the full number stops here (brand, last4 kept). */
  async createPaymentMethod(input: {
    card: CardInput;
    billingDetails: { name: string };
    idempotencyKey?: string;
  }) {
    const checked = checkCard(input.card, this.now());
    if (!checked.ok) throw new PaymentGatewayError(checked.error);
    const card = checked.card;
    const billingName = input.billingDetails.name;
    const params = { ...card, billingName };
    const request = { key: input.idempotencyKey, operation: 'payment_methods.create', params };
    return idempotent(this.db, request, async (tx) => {
      const [row] = await insertMethod(tx, { id: newId('pm'), ...card, billingName });
      return { ok: toMethod(row!) };
    });
  }

  async createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    await this.roundTrip();
    const { idempotencyKey: key, ...params } = input;
    const request = { key, operation: 'payment_intents.create', params };
    return idempotent(
      this.db,
      request,
      async (tx) => {
        if (!Number.isInteger(params.amountCents) || params.amountCents < MIN_AMOUNT_CENTS) {
          throw new PaymentGatewayError({
            code: 'amount_too_small',
            message: `Amount must be at least ${MIN_AMOUNT_CENTS} cents.`,
          });
        }
        if (params.customerId) await accounts.requireCustomer(tx, params.customerId);
        const method = params.paymentMethodId ? await findMethod(tx, params.paymentMethodId) : null;
        if (params.confirmOffSession && !method) {
          throw new PaymentGatewayError({
            code: 'parameter_missing',
            message: 'An off-session confirmation needs a payment method.',
          });
        }
        const id = newId('pi');
        const [row] = await insertIntent(tx, {
          id,
          clientSecret: newClientSecret(id),
          amountCents: params.amountCents,
          status: method ? 'requires_confirmation' : 'requires_payment_method',
          captureMethod: params.captureMethod,
          paymentMethodId: method?.id ?? null,
          customerId: params.customerId ?? null,
          setupFutureUsage: params.setupFutureUsage ?? null,
          metadata: params.metadata ?? {},
        });
        if (!params.confirmOffSession || !method) return { ok: toIntent(row!) };
        return applyEvent(tx, this.now(), row!, {
          type: 'confirm',
          card: behaviorOf(method),
          offSession: true,
        });
      },
      reviveIntent,
    );
  }

  /**
   * The client's confirm step (Stripe.js confirmCardPayment / handleNextAction): with a new
   * card, a saved payment method, or neither (answering a 3DS challenge with `authenticate`).
   */
  async confirmPaymentIntent(input: {
    clientSecret: string;
    paymentMethodId?: string;
    card?: { card: CardInput; billingDetails: { name: string } };
    authenticate?: boolean;
    idempotencyKey?: string;
  }): Promise<PaymentIntent> {
    await this.roundTrip();
    const newCard = input.card ? checkCard(input.card.card, this.now()) : null;
    if (newCard && !newCard.ok) throw new PaymentGatewayError(newCard.error);
    const billingName = input.card?.billingDetails.name ?? null;
    const params = {
      clientSecret: input.clientSecret,
      paymentMethodId: input.paymentMethodId,
      card: newCard?.ok ? { ...newCard.card, billingName } : undefined,
      authenticate: input.authenticate,
    };
    const request = { key: input.idempotencyKey, operation: 'payment_intents.confirm', params };
    return idempotent(
      this.db,
      request,
      async (tx) => {
        const row = await lockIntent(tx, { clientSecret: input.clientSecret });
        let methodId = input.paymentMethodId;
        // The card just entered, as inserted: read once, used by both steps below.
        let method: MethodRow | null = null;
        if (newCard?.ok) {
          methodId = newId('pm');
          const [inserted] = await insertMethod(tx, { id: methodId, ...newCard.card, billingName });
          method = inserted ?? null;
        }
        // A new payment method and the confirm are decided in memory and written in one
        // update (applyEventsToRow): the intent row stays locked by this transaction.
        const events: IntentEvent[] = [];
        let paymentMethodId = row.paymentMethodId;
        if (methodId && methodId !== row.paymentMethodId) {
          method ??= await findMethod(tx, methodId);
          if (!newCard?.ok) await assertUsableForIntent(tx, method, row);
          events.push({ type: 'set_payment_method', paymentMethodId: methodId });
          paymentMethodId = methodId;
        }
        if (method?.id !== paymentMethodId) {
          method = paymentMethodId ? await findMethod(tx, paymentMethodId) : null;
        }
        const card = method ? behaviorOf(method) : 'succeed';
        events.push({
          type: 'confirm' as const,
          card,
          offSession: false,
          authenticate: input.authenticate,
        });
        const applied = await applyEventsToRow(tx, this.now(), row, events);
        if (applied.error) return { error: applied.error, paymentIntentId: row.id };
        return { ok: toIntent(applied.row) };
      },
      reviveIntent,
    );
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntent> {
    await this.roundTrip();
    const [row] = await this.db
      .select()
      .from(gatewayPaymentIntents)
      .where(eq(gatewayPaymentIntents.id, id));
    if (!row) throw missing('payment_intent', id);
    return toIntent(row);
  }

  async capturePaymentIntent(input: { id: string; amountCents?: number; idempotencyKey: string }) {
    await this.roundTrip();
    const { idempotencyKey: key, ...params } = input;
    const request = { key, operation: 'payment_intents.capture', params };
    return idempotent(
      this.db,
      request,
      async (tx) => {
        const row = await lockIntent(tx, { id: input.id });
        const method = row.paymentMethodId ? await findMethod(tx, row.paymentMethodId) : null;
        const card = method ? behaviorOf(method) : 'succeed';
        return applyEvent(tx, this.now(), row, {
          type: 'capture',
          card,
          amountCents: input.amountCents,
        });
      },
      reviveIntent,
    );
  }

  async cancelPaymentIntent(input: { id: string; idempotencyKey: string }) {
    await this.roundTrip();
    const request = {
      key: input.idempotencyKey,
      operation: 'payment_intents.cancel',
      params: { id: input.id },
    };
    return idempotent(
      this.db,
      request,
      async (tx) =>
        applyEvent(tx, this.now(), await lockIntent(tx, { id: input.id }), { type: 'cancel' }),
      reviveIntent,
    );
  }

  createCustomer = (input: { email: string; name?: string; idempotencyKey: string }) =>
    accounts.createCustomer(this.db, input);
  attachPaymentMethod = (input: { paymentMethodId: string; customerId: string }) =>
    accounts.attachPaymentMethod(this.db, input);
  setUpPaymentMethod = (input: {
    paymentMethodId: string;
    customerId: string;
    idempotencyKey: string;
  }) => accounts.setUpPaymentMethod(this.db, input);
  detachPaymentMethod = (id: string) => accounts.detachPaymentMethod(this.db, id);
  retrievePaymentMethod = (id: string) => accounts.retrievePaymentMethod(this.db, id);
  createConnectedAccount = (input: { email: string; idempotencyKey: string }) =>
    accounts.createConnectedAccount(this.db, input);
  retrieveConnectedAccount = (id: string) => accounts.retrieveConnectedAccount(this.db, id);
  /** Simulated only: what the in-app onboarding form does (Stripe's hosted onboarding). */
  verifyConnectedAccount = (id: string) => accounts.verifyConnectedAccount(this.db, id);
  createTransfer = (input: Parameters<PaymentGateway['createTransfer']>[0]) =>
    accounts.createTransfer(this.db, input);

  /** The in-app onboarding page stands in for Stripe's hosted one: a path on this site. */
  createAccountOnboardingLink = (input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }) => accounts.onboardingLink(this.db, input);
}
