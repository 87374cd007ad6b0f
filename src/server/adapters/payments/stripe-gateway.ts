import type Stripe from 'stripe';
import {
  type Idempotent,
  type PaymentGateway,
  PaymentGatewayError,
  type PaymentIntent,
} from './gateway';
import { CARD_ERRORS } from './simulated/cards';
import { lazyStripeClient, type StripeClientOptions } from './stripe/client';
import { translated } from './stripe/errors';
import { toConnectedAccount, toPaymentIntent, toPaymentMethod } from './stripe/mapping';

type CreateIntentInput = Parameters<PaymentGateway['createPaymentIntent']>[0];

/** Every call that returns an intent expands its charge, for the exact `capture_before`. */
const EXPAND_CHARGE = ['latest_charge'];

/**
 * PaymentGateway over Stripe's API (DESIGN.md section 4, decision 0007). Card data never
 * reaches the server: Stripe Elements sends it to Stripe and the client confirms with the
 * intent's client secret; the server creates, captures, cancels and renews off session.
 * Our idempotency keys travel as Stripe's `Idempotency-Key`, so Stripe replays retries.
 */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  private readonly client: () => Promise<Stripe>;

  constructor(options: StripeClientOptions) {
    this.client = lazyStripeClient(options);
  }

  /** One SDK call with its refusals translated to PaymentGatewayError. */
  private async call<T>(run: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = await this.client();
    return translated(stripe.errors, () => run(stripe));
  }

  createCustomer(input: { email: string; name?: string } & Idempotent) {
    const { idempotencyKey, ...params } = input;
    return this.call(async (stripe) => {
      const customer = await stripe.customers.create(params, { idempotencyKey });
      return { id: customer.id };
    });
  }

  createPaymentIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    const { idempotencyKey, confirmOffSession, paymentMethodId } = input;
    if (confirmOffSession && !paymentMethodId) {
      // Same refusal as the simulated gateway, before anything is created at Stripe.
      const message = 'An off-session confirmation needs a payment method.';
      return Promise.reject(new PaymentGatewayError({ code: 'parameter_missing', message }));
    }
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountCents,
      currency: 'usd',
      capture_method: input.captureMethod,
      // Cards only: Elements collects a card, and an off-session confirm never redirects.
      // (API 2026-09-30 renamed payment_method_types to this.)
      allowed_payment_method_types: ['card'],
      customer: input.customerId,
      payment_method: paymentMethodId,
      setup_future_usage: input.setupFutureUsage,
      metadata: input.metadata,
      expand: EXPAND_CHARGE,
      ...(confirmOffSession ? { confirm: true, off_session: true } : {}),
    };
    return this.call(async (stripe) =>
      toPaymentIntent(await stripe.paymentIntents.create(params, { idempotencyKey })),
    );
  }

  retrievePaymentIntent(id: string) {
    return this.call(async (stripe) =>
      toPaymentIntent(await stripe.paymentIntents.retrieve(id, { expand: EXPAND_CHARGE })),
    );
  }

  capturePaymentIntent(input: { id: string; amountCents?: number } & Idempotent) {
    const params = { amount_to_capture: input.amountCents, expand: EXPAND_CHARGE };
    const options = { idempotencyKey: input.idempotencyKey };
    return this.call(async (stripe) =>
      toPaymentIntent(await stripe.paymentIntents.capture(input.id, params, options)),
    );
  }

  cancelPaymentIntent(input: { id: string } & Idempotent) {
    const options = { idempotencyKey: input.idempotencyKey };
    return this.call(async (stripe) =>
      toPaymentIntent(
        await stripe.paymentIntents.cancel(input.id, { expand: EXPAND_CHARGE }, options),
      ),
    );
  }

  attachPaymentMethod(input: { paymentMethodId: string; customerId: string }) {
    const params = { customer: input.customerId };
    return this.call(async (stripe) =>
      toPaymentMethod(await stripe.paymentMethods.attach(input.paymentMethodId, params)),
    );
  }

  /**
   * A SetupIntent created and confirmed for off-session use: Stripe checks the card with its
   * issuer and attaches it to the customer on success; a decline comes back as a card error
   * (402). One that needs 3-D Secure waits in requires_action, which saving a card here
   * cannot complete: refused with Stripe's words for it.
   */
  setUpPaymentMethod(input: { paymentMethodId: string; customerId: string } & Idempotent) {
    const params: Stripe.SetupIntentCreateParams = {
      customer: input.customerId,
      payment_method: input.paymentMethodId,
      confirm: true,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    };
    return this.call(async (stripe) => {
      const intent = await stripe.setupIntents.create(params, {
        idempotencyKey: input.idempotencyKey,
      });
      if (intent.status !== 'succeeded') {
        throw new PaymentGatewayError(CARD_ERRORS.authenticationRequired);
      }
      const methodId =
        typeof intent.payment_method === 'string'
          ? intent.payment_method
          : (intent.payment_method?.id ?? input.paymentMethodId);
      return toPaymentMethod(await stripe.paymentMethods.retrieve(methodId));
    });
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.call((stripe) => stripe.paymentMethods.detach(paymentMethodId));
  }

  retrievePaymentMethod(id: string) {
    return this.call(async (stripe) => toPaymentMethod(await stripe.paymentMethods.retrieve(id)));
  }

  /** An Express account: Stripe hosts its onboarding and its dashboard. */
  createConnectedAccount(input: { email: string } & Idempotent) {
    const params: Stripe.AccountCreateParams = {
      type: 'express',
      email: input.email,
      // US Express accounts take card_payments alongside transfers; only transfers is used.
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    };
    const options = { idempotencyKey: input.idempotencyKey };
    return this.call(async (stripe) => {
      const account = await stripe.accounts.create(params, options);
      return { id: account.id };
    });
  }

  createAccountOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }) {
    const params: Stripe.AccountLinkCreateParams = {
      account: input.accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: 'account_onboarding',
    };
    return this.call(async (stripe) => {
      const link = await stripe.accountLinks.create(params);
      return { url: link.url };
    });
  }

  retrieveConnectedAccount(id: string) {
    return this.call(async (stripe) => toConnectedAccount(await stripe.accounts.retrieve(id)));
  }

  createTransfer(
    input: {
      amountCents: number;
      destinationAccountId: string;
      metadata?: Record<string, string>;
    } & Idempotent,
  ) {
    const params: Stripe.TransferCreateParams = {
      amount: input.amountCents,
      currency: 'usd',
      destination: input.destinationAccountId,
      metadata: input.metadata,
    };
    return this.call(async (stripe) => {
      const transfer = await stripe.transfers.create(params, {
        idempotencyKey: input.idempotencyKey,
      });
      return { id: transfer.id };
    });
  }

  /**
   * Verifies a webhook's signature over the raw body, and its timestamp within Stripe's
   * 300 s tolerance (a replayed old delivery is refused), then parses it.
   */
  async constructWebhookEvent(
    payload: Buffer,
    signature: string,
    secret: string,
  ): Promise<Stripe.Event> {
    const stripe = await this.client();
    try {
      return stripe.webhooks.constructEvent(payload, signature, secret);
    } catch (error) {
      if (error instanceof stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(error.message);
      }
      throw error;
    }
  }
}

/** A webhook whose signature or timestamp does not verify (answered 400). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
