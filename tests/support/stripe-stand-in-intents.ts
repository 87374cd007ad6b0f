import {
  invalid,
  missing,
  newId,
  newIntent,
  nowSeconds,
  type Params,
  StandInError,
  type StandInState,
  type StripeObject,
} from './stripe-stand-in-state';

/** The stand-in's PaymentIntents: Stripe's state machine for the calls the adapter makes. */

export const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};
const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const HOLD_SECONDS = 7 * 24 * 60 * 60;

function unexpectedState(intent: StripeObject, action: string, expected: string[]) {
  const message = `This PaymentIntent's status is ${intent.status}, but it must be one of ${expected.join(', ')} to ${action} it.`;
  return invalid('payment_intent_unexpected_state', message, { payment_intent: intent });
}

export function paymentIntent(state: StandInState, id: string) {
  const intent = state.paymentIntents.get(id);
  if (!intent) throw missing('payment_intent', id, 404);
  return intent;
}

export function createPaymentIntent(state: StandInState, params: Params) {
  const amount = Number(params.amount);
  if (!Number.isInteger(amount) || amount < 50) {
    throw invalid('amount_too_small', 'Amount must be at least $0.50 usd', { param: 'amount' });
  }
  const { method, shared } = newIntent(state, params, 'pi');
  const intent: StripeObject = {
    ...shared,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    currency: String(params.currency),
    capture_method: params.capture_method ?? 'automatic_async',
    last_payment_error: null,
    latest_charge: null,
    metadata: params.metadata ?? {},
    setup_future_usage: params.setup_future_usage ?? null,
    status: method ? 'requires_confirmation' : 'requires_payment_method',
  };
  state.paymentIntents.set(shared.id, intent);
  return params.confirm === 'true' ? confirm(state, shared.id, {}) : intent;
}

/** What Stripe.js (or an off-session confirm) does: authorize, or decline with a 402. */
export function confirm(state: StandInState, id: string, params: Params) {
  const intent = paymentIntent(state, id);
  if (params.payment_method) {
    intent.payment_method = state.paymentMethod(String(params.payment_method), true).id;
  }
  const confirmable = ['requires_confirmation', 'requires_payment_method'];
  if (!intent.payment_method || !confirmable.includes(String(intent.status))) {
    throw unexpectedState(intent, 'confirm', ['requires_confirmation']);
  }
  const method = state.paymentMethod(String(intent.payment_method));
  // (3-D Secure is not simulated for PaymentIntents here: such a card authorizes.)
  const decline = method.decline ?? method.chargeDecline;
  if (decline) {
    const error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: decline,
      message: DECLINE_MESSAGES[decline],
    };
    // As Stripe: the intent goes back for another card and the error carries it.
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: error,
    });
    throw new StandInError(402, { ...error, payment_intent: intent });
  }
  const manual = intent.capture_method === 'manual';
  const card = { brand: 'visa', last4: method.card.last4 };
  const charge = {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    captured: !manual,
    created: nowSeconds(),
    payment_intent: id,
    payment_method_details: {
      type: 'card',
      card: manual ? { ...card, capture_before: nowSeconds() + HOLD_SECONDS } : card,
    },
  };
  state.charges.set(charge.id, charge);
  // setup_future_usage saves the card on the customer, as Stripe does on success.
  if (intent.setup_future_usage && intent.customer) method.customer = intent.customer;
  return Object.assign(intent, {
    status: manual ? 'requires_capture' : 'succeeded',
    amount_capturable: manual ? intent.amount : 0,
    amount_received: manual ? 0 : intent.amount,
    latest_charge: charge.id,
    last_payment_error: null,
  });
}

export function capture(state: StandInState, id: string, params: Params) {
  const intent = paymentIntent(state, id);
  if (intent.status !== 'requires_capture') {
    throw unexpectedState(intent, 'capture', ['requires_capture']);
  }
  const capturable = Number(intent.amount_capturable);
  const amount = params.amount_to_capture ? Number(params.amount_to_capture) : capturable;
  if (amount > capturable) {
    const message = 'The amount to capture is larger than the amount capturable.';
    throw invalid('amount_too_large', message, { param: 'amount_to_capture' });
  }
  state.charges.get(String(intent.latest_charge))!.captured = true;
  return Object.assign(intent, {
    status: 'succeeded',
    amount_received: amount,
    amount_capturable: 0,
  });
}

export function cancel(state: StandInState, id: string, params: Params) {
  const intent = paymentIntent(state, id);
  if (!CANCELABLE.includes(String(intent.status))) {
    throw unexpectedState(intent, 'cancel', CANCELABLE);
  }
  return Object.assign(intent, {
    status: 'canceled',
    amount_capturable: 0,
    canceled_at: nowSeconds(),
    cancellation_reason: params.cancellation_reason ?? null,
  });
}

/** A copy of the intent, with `latest_charge` expanded when asked (`expand[0]=latest_charge`). */
export function rendered(state: StandInState, intent: StripeObject, params: Params) {
  const wanted = Array.isArray(params.expand) && params.expand.includes('latest_charge');
  if (!wanted || !intent.latest_charge) return { ...intent };
  return { ...intent, latest_charge: state.charges.get(String(intent.latest_charge)) ?? null };
}
