import type { PaymentError } from '../gateway';

/**
 * Card checks of the simulated gateway, pure so they are unit-tested without a database.
 * The full number only lives in these functions' arguments: callers keep brand and last4.
 */

/** How a test card behaves when it is charged (stored with the payment method). */
export type CardBehavior =
  | 'succeed'
  | 'decline_generic'
  | 'decline_insufficient_funds'
  | 'require_authentication'
  | 'decline_on_charge';

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
export type CheckedCard = {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behavior: CardBehavior;
};
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Stripe's documented test numbers; any other valid number succeeds. */
const TEST_CARDS: Record<string, CardBehavior> = {
  '4000000000000002': 'decline_generic',
  '4000000000009995': 'decline_insufficient_funds',
  '4000002500003155': 'require_authentication',
  '4000000000000341': 'decline_on_charge',
};

/** Stripe's wording for card errors, so the client shows what Stripe.js would show. */
export const CARD_ERRORS = {
  incorrectNumber: { code: 'incorrect_number', message: 'Your card number is invalid.' },
  invalidExpiryMonth: {
    code: 'invalid_expiry_month',
    message: "Your card's expiration month is invalid.",
  },
  invalidExpiryYear: {
    code: 'invalid_expiry_year',
    message: "Your card's expiration year is invalid.",
  },
  expiredCard: { code: 'expired_card', message: 'Your card has expired.' },
  invalidCvc: { code: 'invalid_cvc', message: "Your card's security code is invalid." },
  genericDecline: {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  authenticationRequired: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  authenticationFailed: {
    code: 'payment_intent_authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const satisfies Record<string, PaymentError>;

/** Spaces and dashes are how people type card numbers; anything else makes it invalid. */
export function normalizeCardNumber(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65) return 'discover';
  return 'unknown';
}

/** Two-digit years mean this century, as card forms show them. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is good through the last moment of its expiry month (UTC). */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const firstOfNextMonth = Date.UTC(fullYear(expYear), expMonth, 1);
  return now.getTime() >= firstOfNextMonth;
}

/** Validates a card as Stripe does when a payment method is created. */
export function checkCard(
  card: CardInput,
  now: Date,
): { ok: true; card: CheckedCard } | { ok: false; error: PaymentError } {
  const digits = normalizeCardNumber(card.number);
  if (!digits || !passesLuhn(digits)) return { ok: false, error: CARD_ERRORS.incorrectNumber };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, error: CARD_ERRORS.invalidExpiryMonth };
  }
  const year = fullYear(card.expYear);
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50) {
    return { ok: false, error: CARD_ERRORS.invalidExpiryYear };
  }
  if (isExpired(card.expMonth, year, now)) return { ok: false, error: CARD_ERRORS.expiredCard };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, error: CARD_ERRORS.invalidCvc };
  return {
    ok: true,
    card: {
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: year,
      behavior: TEST_CARDS[digits] ?? 'succeed',
    },
  };
}

/**
 * What confirming a SetupIntent says about a card (saving it for later, as Stripe checks it):
 * a card the issuer declines is refused with the decline, one that needs 3-D Secure cannot
 * be set up without the customer, and one that fails only when charged is accepted.
 */
export function setupRefusal(behavior: CardBehavior): PaymentError | null {
  switch (behavior) {
    case 'decline_generic':
      return CARD_ERRORS.genericDecline;
    case 'decline_insufficient_funds':
      return CARD_ERRORS.insufficientFunds;
    case 'require_authentication':
      return CARD_ERRORS.authenticationRequired;
    default:
      return null;
  }
}
