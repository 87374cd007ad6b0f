import { describe, expect, it } from 'vitest';
import {
  emptyCardFields,
  formatCardNumber,
  formatExpiry,
  parseCardFields,
} from '@/web/features/billing/components/card-fields';

const filled = {
  number: '4242 4242 4242 4242',
  name: ' Ada Lovelace ',
  expiry: '12/34',
  cvc: '123',
};

describe('the card form (spec section 5, Pledges and payment)', () => {
  it('asks for all four fields in the spec words', () => {
    expect(parseCardFields(emptyCardFields)).toEqual({
      ok: false,
      message: 'Please fill in all card details',
    });
    for (const field of ['number', 'name', 'expiry', 'cvc'] as const) {
      expect(parseCardFields({ ...filled, [field]: '  ' })).toMatchObject({ ok: false });
    }
  });

  it('turns the fields into the card provider body', () => {
    expect(parseCardFields(filled)).toEqual({
      ok: true,
      body: {
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
        billingDetails: { name: 'Ada Lovelace' },
      },
    });
  });

  it('refuses an expiry that is not MM/YY', () => {
    expect(parseCardFields({ ...filled, expiry: '1234x' })).toEqual({
      ok: false,
      message: 'Enter the expiry date as MM/YY',
    });
  });

  it('groups card digits by four within the 19-character limit', () => {
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
  });

  it('adds the expiry slash as digits are typed, and lets backspace remove it', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1234', '12/3')).toBe('12/34');
  });
});
