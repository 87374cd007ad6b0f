/**
 * Card payments behind one interface modelled on Stripe's PaymentIntent (DESIGN.md
 * section 4). Two implementations: the simulated gateway (default; keeps its records in
 * Postgres and behaves like Stripe test mode) and Stripe (STRIPE_SECRET_KEY).
 * Amounts are integer cents.
 */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  amountCapturedCents: number;
  currency: 'usd';
  status: PaymentIntentStatus;
  captureMethod: 'manual' | 'automatic';
  paymentMethodId: string | null;
  customerId: string | null;
  /** When a manual-capture authorization lapses (authorization time + 7 days). */
  captureBefore: Date | null;
  lastError: PaymentError | null;
  metadata: Record<string, string>;
};

export type PaymentMethod = {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  customerId: string | null;
};

/** A card failure as Stripe reports it (e.g. code card_declined, declineCode insufficient_funds). */
export type PaymentError = { code: string; declineCode?: string; message: string };

export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
  constructor(
    readonly error: PaymentError,
    /** The intent a failed confirm left behind (e.g. an off-session renewal that was
     * declined), as Stripe's error carries `payment_intent`, so the caller can record it. */
    readonly paymentIntentId?: string,
  ) {
    super(error.message);
  }
}

/** Codes Stripe reports as card errors (HTTP 402): the card, not the request, was refused. */
const CARD_ERROR_CODES = new Set([
  'card_declined',
  'incorrect_number',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'expired_card',
  'invalid_cvc',
  'incorrect_cvc',
  'authentication_required',
  'payment_intent_authentication_failure',
]);

/** A refusal the user can act on (another card), so its message is theirs to read. */
export const isCardError = (error: PaymentError) => CARD_ERROR_CODES.has(error.code);

/**
 * The provider itself failed: down, unreachable, rate limiting us, or refusing our key.
 * Nothing about the payment was decided; the fields are for the log, never for the user.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly type: string,
    readonly statusCode?: number,
    readonly code?: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** Every mutating call takes an idempotency key: a retry with the same key and parameters
 * returns the first answer; the same key with other parameters is refused. */
export type Idempotent = { idempotencyKey: string };

export interface PaymentGateway {
  readonly kind: 'simulated' | 'stripe';

  createCustomer(input: { email: string; name?: string } & Idempotent): Promise<{ id: string }>;

  createPaymentIntent(
    input: {
      amountCents: number;
      customerId?: string;
      paymentMethodId?: string;
      captureMethod: 'manual' | 'automatic';
      /** Save the card for charging later without the customer present (hold renewals). */
      setupFutureUsage?: 'off_session';
      /** Confirm right away with the saved payment method, without the customer (renewals). */
      confirmOffSession?: boolean;
      metadata?: Record<string, string>;
    } & Idempotent,
  ): Promise<PaymentIntent>;

  retrievePaymentIntent(id: string): Promise<PaymentIntent>;

  /** Charges an authorized (requires_capture) intent. */
  capturePaymentIntent(
    input: { id: string; amountCents?: number } & Idempotent,
  ): Promise<PaymentIntent>;

  /** Releases a hold (or abandons an unconfirmed intent). */
  cancelPaymentIntent(input: { id: string } & Idempotent): Promise<PaymentIntent>;

  attachPaymentMethod(input: {
    paymentMethodId: string;
    customerId: string;
  }): Promise<PaymentMethod>;
  /**
   * Saves a card for later as Stripe's SetupIntent does (created and confirmed at once, for
   * off-session use): the issuer checks it, a declined card is refused with its decline
   * (PaymentGatewayError) and not attached; on success it is attached to the customer.
   */
  setUpPaymentMethod(
    input: { paymentMethodId: string; customerId: string } & Idempotent,
  ): Promise<PaymentMethod>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  retrievePaymentMethod(id: string): Promise<PaymentMethod>;

  /** Payout accounts (Stripe Connect, or the simulated equivalent). */
  createConnectedAccount(input: { email: string } & Idempotent): Promise<{ id: string }>;
  createAccountOnboardingLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  retrieveConnectedAccount(
    id: string,
  ): Promise<{ id: string; verified: boolean; detailsSubmitted: boolean }>;
  createTransfer(
    input: {
      amountCents: number;
      destinationAccountId: string;
      metadata?: Record<string, string>;
    } & Idempotent,
  ): Promise<{ id: string }>;
}
