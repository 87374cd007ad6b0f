import { randomBytes } from 'node:crypto';

/**
 * What the Stripe stand-in keeps in memory, in Stripe's object shapes (test mode):
 * customers, payment methods and Connect. Payment intents are in stripe-stand-in-intents.ts,
 * the HTTP side in stripe-stand-in.ts.
 */

export type Params = Record<string, unknown>;
export type StripeObject = Record<string, unknown> & { id: string };

/** Answered as Stripe does: `{ error: { type, code, decline_code, message, ... } }`. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly body: Params,
  ) {
    super(String(body.message));
  }
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const invalid = (code: string, message: string, extra: Params = {}) =>
  new StandInError(400, { type: 'invalid_request_error', code, message, ...extra });
export const missing = (kind: string, id: string, status = 400) =>
  new StandInError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  });

/**
 * What a PaymentIntent and a SetupIntent share when created: the customer checked, the card
 * (a test id cloned, as Stripe test mode does), an id, a client secret and the time.
 */
export function newIntent(state: StandInState, params: Params, prefix: 'pi' | 'seti') {
  if (params.customer) state.requireCustomer(String(params.customer));
  const method = params.payment_method
    ? state.paymentMethod(String(params.payment_method), true)
    : null;
  const id = newId(prefix);
  const shared = {
    id,
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    created: nowSeconds(),
    customer: params.customer ?? null,
    payment_method: method?.id ?? null,
  };
  return { method, shared };
}

/**
 * Stripe's test payment methods (https://docs.stripe.com/testing#cards): `decline` refuses
 * setups and charges, `chargeDecline` only charges (attaching succeeds), `authentication`
 * asks for 3-D Secure when the card is set up.
 */
type TestCard = { last4: string; decline?: string; chargeDecline?: string; authentication?: true };
const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { last4: '4242' },
  pm_card_chargeDeclined: { last4: '0002', decline: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { last4: '9995', decline: 'insufficient_funds' },
  pm_card_chargeCustomerFail: { last4: '0341', chargeDecline: 'generic_decline' },
  pm_card_authenticationRequired: { last4: '3155', authentication: true },
};

export type StandInMethod = StripeObject & { card: { last4: string } } & Omit<TestCard, 'last4'>;

export class StandInState {
  readonly customers = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StandInMethod>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly setupIntents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly accounts = new Map<string, StripeObject & { capabilities: Params }>();
  readonly transfers = new Map<string, StripeObject>();

  createCustomer(params: Params) {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  requireCustomer(id: string) {
    if (!this.customers.has(id)) throw missing('customer', id);
  }

  /** A test id (pm_card_visa...) is cloned into a new pm_ on use, as Stripe test mode does. */
  paymentMethod(id: string, clone = false): StandInMethod {
    const card = TEST_CARDS[id];
    if (card && (clone || !this.paymentMethods.has(id))) {
      const method = {
        id: clone ? newId('pm') : id,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: card.last4, exp_month: 12, exp_year: 2034 },
        customer: null,
        decline: card.decline,
        chargeDecline: card.chargeDecline,
        authentication: card.authentication,
      };
      this.paymentMethods.set(method.id, method);
      return method;
    }
    const method = this.paymentMethods.get(id);
    if (!method) throw missing('PaymentMethod', id);
    return method;
  }

  attach(id: string, params: Params) {
    const customer = String(params.customer);
    this.requireCustomer(customer);
    const method = this.paymentMethod(id, id in TEST_CARDS);
    if (method.customer && method.customer !== customer) {
      const message = 'The payment method you provided has already been attached to a customer.';
      throw invalid('payment_method_unexpected_state', message);
    }
    method.customer = customer;
    return method;
  }

  detach(id: string) {
    const method = this.paymentMethod(id);
    if (!method.customer) {
      const message =
        'The payment method you provided is not attached to a customer so detachment is impossible.';
      throw invalid('payment_method_unexpected_state', message);
    }
    method.customer = null;
    return method;
  }

  /** An Express account starts with its requested capabilities inactive. */
  createAccount(params: Params) {
    const requested = Object.keys((params.capabilities as Params | undefined) ?? {});
    const account = {
      id: newId('acct'),
      object: 'account',
      type: params.type,
      email: params.email ?? null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: Object.fromEntries(requested.map((name) => [name, 'inactive'])) as Params,
    };
    this.accounts.set(account.id, account);
    return account;
  }

  account(id: string) {
    const found = this.accounts.get(id);
    if (!found) throw missing('account', id, 404);
    return found;
  }

  /** What finishing Stripe's hosted onboarding does to an Express account. */
  completeOnboarding(id: string) {
    const account = this.account(id);
    for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
    return Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
  }

  createAccountLink(params: Params) {
    const id = this.account(String(params.account)).id;
    const created = nowSeconds();
    const url = `https://connect.stripe.com/setup/e/${id}/${randomBytes(6).toString('hex')}`;
    return { object: 'account_link', created, expires_at: created + 300, url };
  }

  createTransfer(params: Params) {
    const destination = this.account(String(params.destination));
    if (destination.capabilities.transfers !== 'active') {
      const message =
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments';
      throw invalid('insufficient_capabilities_for_transfer', message);
    }
    const transfer = {
      id: newId('tr'),
      object: 'transfer',
      amount: Number(params.amount),
      currency: params.currency,
      destination: destination.id,
      metadata: params.metadata ?? {},
    };
    this.transfers.set(transfer.id, transfer);
    return transfer;
  }
}
