import { describe, expect, it } from 'vitest';
import {
  type AmountChoice,
  customAmountError,
  emptyAmountChoice,
  hasAmount,
  PRESET_AMOUNTS,
  parseDollars,
  resolveAmount,
} from '@/web/features/pledges/lib/pledge-amount';

const custom = (customText: string): AmountChoice => ({ selected: 'custom', customText });

describe('parseDollars', () => {
  it('reads plain decimal amounts, with or without a $ and thousands commas', () => {
    expect(parseDollars('12')).toBe(12);
    expect(parseDollars(' 12.5 ')).toBe(12.5);
    expect(parseDollars('$1,000')).toBe(1000);
    expect(parseDollars('.75')).toBe(0.75);
    expect(parseDollars('7.')).toBe(7);
  });

  it('refuses anything else', () => {
    for (const text of ['', ' ', 'abc', '12abc', '1e3', '0x10', '-5', '+5', '5..0', 'Infinity']) {
      expect(parseDollars(text), text).toBeNull();
    }
  });
});

describe('resolveAmount', () => {
  it('takes a preset as it is', () => {
    expect(PRESET_AMOUNTS).toEqual([5, 10, 20, 50, 100]);
    for (const dollars of PRESET_AMOUNTS) {
      expect(resolveAmount({ selected: dollars, customText: '' })).toEqual({ ok: true, dollars });
    }
  });

  it('accepts a custom amount of at least $5 with at most two decimals', () => {
    expect(resolveAmount(custom('5'))).toEqual({ ok: true, dollars: 5 });
    expect(resolveAmount(custom('12.34'))).toEqual({ ok: true, dollars: 12.34 });
  });

  it('asks for a valid amount when nothing, zero or garbage is given', () => {
    const invalid = { ok: false, message: 'Please enter a valid pledge amount' };
    expect(resolveAmount(emptyAmountChoice)).toEqual(invalid);
    expect(resolveAmount(custom(''))).toEqual(invalid);
    expect(resolveAmount(custom('0'))).toEqual(invalid);
    expect(resolveAmount(custom('-3'))).toEqual(invalid);
    expect(resolveAmount(custom('ten'))).toEqual(invalid);
  });

  it('enforces the $5 minimum, the maximum and cents', () => {
    expect(resolveAmount(custom('4.99'))).toEqual({ ok: false, message: 'Minimum pledge is $5' });
    expect(resolveAmount(custom('100001'))).toEqual({
      ok: false,
      message: 'Maximum pledge is $100,000',
    });
    expect(resolveAmount(custom('5.001'))).toEqual({
      ok: false,
      message: 'Amounts can have at most 2 decimals',
    });
  });
});

describe('hasAmount (Continue to Payment enabled)', () => {
  it('needs a preset, or a typed custom value', () => {
    expect(hasAmount(emptyAmountChoice)).toBe(false);
    expect(hasAmount({ selected: 20, customText: '' })).toBe(true);
    expect(hasAmount(custom(''))).toBe(false);
    expect(hasAmount(custom('  '))).toBe(false);
    // Typed but invalid still enables the button: pressing it explains what is wrong.
    expect(hasAmount(custom('2'))).toBe(true);
  });
});

describe('customAmountError', () => {
  it('says nothing for a preset or an empty field', () => {
    expect(customAmountError({ selected: 10, customText: '2' })).toBeNull();
    expect(customAmountError(custom(''))).toBeNull();
  });

  it('explains a custom value that will be refused', () => {
    expect(customAmountError(custom('3'))).toBe('Minimum pledge is $5');
    expect(customAmountError(custom('0'))).toBe('Please enter a valid pledge amount');
    expect(customAmountError(custom('25'))).toBeNull();
  });
});
