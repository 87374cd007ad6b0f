import { DECLINE_MESSAGES } from './stripe-stand-in-intents';
import {
  invalid,
  newIntent,
  type Params,
  StandInError,
  type StandInState,
  type StripeObject,
} from './stripe-stand-in-state';

/**
 * The stand-in's SetupIntents (create, with `confirm=true`): saving a card for later as
 * Stripe test mode does. A card its issuer declines is refused (402, the SetupIntent back in
 * requires_payment_method, the card not attached); one that needs 3-D Secure waits in
 * requires_action; any other card is attached to the customer and the intent succeeds.
 */
export function createSetupIntent(state: StandInState, params: Params) {
  const { method, shared } = newIntent(state, params, 'seti');
  const intent: StripeObject = {
    ...shared,
    object: 'setup_intent',
    last_setup_error: null,
    next_action: null,
    usage: params.usage ?? 'off_session',
    status: method ? 'requires_confirmation' : 'requires_payment_method',
  };
  state.setupIntents.set(shared.id, intent);
  return params.confirm === 'true' ? confirmSetup(state, intent) : intent;
}

function confirmSetup(state: StandInState, intent: StripeObject) {
  if (!intent.payment_method) {
    const message = 'You cannot confirm this SetupIntent because it has no payment method.';
    throw invalid('setup_intent_unexpected_state', message, { setup_intent: intent });
  }
  const method = state.paymentMethod(String(intent.payment_method));
  const customer = intent.customer ? String(intent.customer) : null;
  if (method.customer && method.customer !== customer) {
    const message = 'The payment method you provided has already been attached to a customer.';
    throw invalid('payment_method_unexpected_state', message);
  }
  if (method.decline) {
    const error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: method.decline,
      message: DECLINE_MESSAGES[method.decline],
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: error,
    });
    throw new StandInError(402, { ...error, setup_intent: intent });
  }
  if (method.authentication) {
    return Object.assign(intent, {
      status: 'requires_action',
      next_action: { type: 'use_stripe_sdk' },
    });
  }
  if (customer) method.customer = customer;
  return Object.assign(intent, { status: 'succeeded' });
}
