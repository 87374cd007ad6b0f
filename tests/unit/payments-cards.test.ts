import { describe, expect, it } from 'vitest';
import {
  CARD_ERRORS,
  cardBrand,
  checkCard,
  isExpired,
  normalizeCardNumber,
  passesLuhn,
  setupRefusal,
} from '@/server/adapters/payments/simulated/cards';

const NOW = new Date('2026-11-22T12:00:00Z');
const card = (
  number: string,
  over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

describe('Luhn', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '4000000000009995',
    '4000002500003155',
    '4000000000000341',
    '5555555555554444',
    '378282246310005',
    '6011111111111117',
  ])('accepts %s', (number) => expect(passesLuhn(number)).toBe(true));

  it.each(['4242424242424241', '1234567812345678', '0000000000000001'])('refuses %s', (number) =>
    expect(passesLuhn(number)).toBe(false),
  );

  it('takes spaces and dashes but nothing else, 12 to 19 digits', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242x4242')).toBeNull();
    expect(normalizeCardNumber('42424242424')).toBeNull();
    expect(normalizeCardNumber('42424242424242424242')).toBeNull();
  });
});

describe('brand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2721000000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['340000000000009', 'amex'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['3530111333300000', 'unknown'],
  ])('%s is %s', (number, brand) => expect(cardBrand(number)).toBe(brand));
});

describe('expiry', () => {
  it('is good through the last moment of its month', () => {
    expect(isExpired(11, 2026, NOW)).toBe(false);
    expect(isExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(isExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isExpired(10, 2026, NOW)).toBe(true);
    expect(isExpired(12, 2025, NOW)).toBe(true);
  });

  it('reads two-digit years as this century', () => {
    expect(checkCard(card('4242424242424242', { expYear: 30 }), NOW)).toMatchObject({
      ok: true,
      card: { expYear: 2030 },
    });
  });
});

describe('checkCard', () => {
  it('keeps brand, last4 and the test behaviour only', () => {
    const result = checkCard(card('4000 0025 0000 3155'), NOW);
    expect(result).toEqual({
      ok: true,
      card: {
        brand: 'visa',
        last4: '3155',
        expMonth: 12,
        expYear: 2030,
        behavior: 'require_authentication',
      },
    });
  });

  it.each([
    ['4242424242424242', 'succeed'],
    ['4000000000000002', 'decline_generic'],
    ['4000000000009995', 'decline_insufficient_funds'],
    ['4000000000000341', 'decline_on_charge'],
    ['5555555555554444', 'succeed'],
  ])('%s behaves as %s', (number, behavior) => {
    expect(checkCard(card(number), NOW)).toMatchObject({ ok: true, card: { behavior } });
  });

  it.each([
    [card('4242424242424241'), CARD_ERRORS.incorrectNumber],
    [card('4242'), CARD_ERRORS.incorrectNumber],
    [card('4242424242424242', { expMonth: 13 }), CARD_ERRORS.invalidExpiryMonth],
    [card('4242424242424242', { expMonth: 0 }), CARD_ERRORS.invalidExpiryMonth],
    [card('4242424242424242', { expYear: 2200 }), CARD_ERRORS.invalidExpiryYear],
    [card('4242424242424242', { expMonth: 10, expYear: 2026 }), CARD_ERRORS.expiredCard],
    [card('4242424242424242', { cvc: '12' }), CARD_ERRORS.invalidCvc],
    [card('4242424242424242', { cvc: '12345' }), CARD_ERRORS.invalidCvc],
    [card('4242424242424242', { cvc: '12a' }), CARD_ERRORS.invalidCvc],
  ])('refuses a bad card with Stripe’s code', (input, error) => {
    expect(checkCard(input, NOW)).toEqual({ ok: false, error });
  });

  it('accepts a 4-digit CVC', () => {
    expect(checkCard(card('378282246310005', { cvc: '1234' }), NOW).ok).toBe(true);
  });

  it('uses the wording the client shows', () => {
    expect(CARD_ERRORS.incorrectNumber.message).toBe('Your card number is invalid.');
    expect(CARD_ERRORS.expiredCard).toMatchObject({
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    expect(CARD_ERRORS.genericDecline).toEqual({
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect(CARD_ERRORS.insufficientFunds.message).toBe('Your card has insufficient funds.');
  });
});

describe('saving a card for later (SetupIntent, issue 19 item 16)', () => {
  it('refuses the cards the issuer declines or that need 3-D Secure, accepts one that fails only when charged', () => {
    expect(setupRefusal('decline_generic')?.message).toBe('Your card was declined.');
    expect(setupRefusal('decline_insufficient_funds')?.declineCode).toBe('insufficient_funds');
    expect(setupRefusal('require_authentication')?.code).toBe('authentication_required');
    expect(setupRefusal('decline_on_charge')).toBeNull();
    expect(setupRefusal('succeed')).toBeNull();
  });
});
