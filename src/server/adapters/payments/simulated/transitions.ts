import type { PaymentError, PaymentIntentStatus } from '../gateway';
import { CARD_ERRORS, type CardBehavior } from './cards';

/**
 * The PaymentIntent state machine of the simulated gateway as one pure function: the
 * gateway loads the row, asks `transition` what happens, and writes the answer. Keeping the
 * rules here (no I/O) lets unit tests walk every transition without a database.
 */

/** Stripe lets a manual-capture authorization be captured for 7 days. */
export const CAPTURE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type IntentState = {
  status: PaymentIntentStatus;
  captureMethod: 'manual' | 'automatic';
  amountCents: number;
  amountCapturedCents: number;
  paymentMethodId: string | null;
  captureBefore: Date | null;
  lastError: PaymentError | null;
};

export type IntentEvent =
  | { type: 'set_payment_method'; paymentMethodId: string }
  | {
      type: 'confirm';
      /** The behaviour of the intent's payment method (its test card). */
      card: CardBehavior;
      /** Confirmed by the server without the customer present: no authentication possible. */
      offSession: boolean;
      /** The client's answer to a 3DS challenge; absent leaves a challenge pending. */
      authenticate?: boolean;
    }
  | { type: 'capture'; card: CardBehavior; amountCents?: number }
  | { type: 'cancel' };

/** What changes (null: nothing) and the error the caller gets (null: success). Both can be
 * set: a decline is written to the intent (lastError) and reported. */
export type TransitionResult = { patch: Partial<IntentState> | null; error: PaymentError | null };

const FINAL: readonly PaymentIntentStatus[] = ['succeeded', 'canceled'];
const CANCELABLE: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
];

export function unexpectedState(
  status: PaymentIntentStatus,
  expected: readonly PaymentIntentStatus[],
  action: string,
): PaymentError {
  return {
    code: 'payment_intent_unexpected_state',
    message: `This PaymentIntent's status is ${status}, but it must be one of ${expected.join(', ')} to ${action} it.`,
  };
}

const fail = (error: PaymentError): TransitionResult => ({ patch: null, error });

/** A decline sends the intent back for another card, as Stripe does. */
const declined = (error: PaymentError): TransitionResult => ({
  patch: {
    status: 'requires_payment_method',
    lastError: error,
    paymentMethodId: null,
    captureBefore: null,
  },
  error,
});

function authorized(intent: IntentState, now: Date): TransitionResult {
  if (intent.captureMethod === 'automatic') {
    return {
      patch: { status: 'succeeded', amountCapturedCents: intent.amountCents, lastError: null },
      error: null,
    };
  }
  return {
    patch: {
      status: 'requires_capture',
      captureBefore: new Date(now.getTime() + CAPTURE_WINDOW_MS),
      lastError: null,
    },
    error: null,
  };
}

function confirm(
  intent: IntentState,
  event: Extract<IntentEvent, { type: 'confirm' }>,
  now: Date,
): TransitionResult {
  if (intent.status === 'requires_action') {
    if (event.authenticate === undefined) return { patch: null, error: null };
    return event.authenticate
      ? authorized(intent, now)
      : declined(CARD_ERRORS.authenticationFailed);
  }
  const allowed: PaymentIntentStatus[] = ['requires_confirmation'];
  if (intent.status !== 'requires_confirmation' || !intent.paymentMethodId) {
    return fail(unexpectedState(intent.status, allowed, 'confirm'));
  }
  // An automatic-capture confirm charges the card now, so "fails when charged" applies.
  const charging = event.offSession || intent.captureMethod === 'automatic';
  switch (event.card) {
    case 'decline_generic':
      return declined(CARD_ERRORS.genericDecline);
    case 'decline_insufficient_funds':
      return declined(CARD_ERRORS.insufficientFunds);
    case 'require_authentication':
      if (event.offSession) return declined(CARD_ERRORS.authenticationRequired);
      return { patch: { status: 'requires_action', lastError: null }, error: null };
    case 'decline_on_charge':
      return charging ? declined(CARD_ERRORS.genericDecline) : authorized(intent, now);
    case 'succeed':
      return authorized(intent, now);
  }
}

function capture(
  intent: IntentState,
  event: Extract<IntentEvent, { type: 'capture' }>,
  now: Date,
): TransitionResult {
  if (intent.status !== 'requires_capture') {
    return fail(unexpectedState(intent.status, ['requires_capture'], 'capture'));
  }
  const amount = event.amountCents ?? intent.amountCents;
  if (!Number.isInteger(amount) || amount < 1 || amount > intent.amountCents) {
    return fail({
      code: 'amount_too_large',
      message: `The amount to capture must be between 1 and ${intent.amountCents} cents.`,
    });
  }
  if (intent.captureBefore && now.getTime() > intent.captureBefore.getTime()) {
    // The hold has lapsed: Stripe cancels such intents, so they can never be captured.
    const error = {
      code: 'charge_expired_for_capture',
      message: 'This authorization has expired and can no longer be captured.',
    };
    return { patch: { status: 'canceled', lastError: error, captureBefore: null }, error };
  }
  if (event.card === 'decline_on_charge') return declined(CARD_ERRORS.genericDecline);
  return {
    patch: { status: 'succeeded', amountCapturedCents: amount, lastError: null },
    error: null,
  };
}

export function transition(intent: IntentState, event: IntentEvent, now: Date): TransitionResult {
  switch (event.type) {
    case 'set_payment_method': {
      const allowed: PaymentIntentStatus[] = [
        'requires_payment_method',
        'requires_confirmation',
        'requires_action',
      ];
      if (!allowed.includes(intent.status)) {
        return fail(unexpectedState(intent.status, allowed, 'update'));
      }
      return {
        patch: {
          status: 'requires_confirmation',
          paymentMethodId: event.paymentMethodId,
          lastError: null,
        },
        error: null,
      };
    }
    case 'confirm':
      return confirm(intent, event, now);
    case 'capture':
      return capture(intent, event, now);
    case 'cancel':
      if (FINAL.includes(intent.status)) {
        return fail(unexpectedState(intent.status, CANCELABLE, 'cancel'));
      }
      return { patch: { status: 'canceled', captureBefore: null }, error: null };
  }
}
