import { describe, expect, it } from 'vitest';
import { pledgedOutOf } from '@/web/features/fund/components/fund-dare-summary';
import { errorMessage, PaymentStepError } from '@/web/features/payments/lib/error-message';
import { formatAmount, formatCents } from '@/web/features/payments/lib/format-amount';
import { newIdempotencyKey } from '@/web/features/payments/lib/idempotency-key';
import { fromPeople } from '@/web/features/pledges/components/pledge-dare-summary';
import { ApiError } from '@/web/lib/api-client';

describe('formatCents / formatAmount', () => {
  it('shows cents only when there are some', () => {
    expect(formatCents(2000)).toBe('$20');
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(1205)).toBe('$12.05');
    expect(formatCents(120_000)).toBe('$1,200');
    expect(formatCents(0)).toBe('$0');
    expect(formatAmount(20)).toBe('$20');
    expect(formatAmount(12.5)).toBe('$12.50');
    // Floating-point dollars round to the cent they mean.
    expect(formatAmount(0.1 + 0.2)).toBe('$0.30');
  });
});

describe('pledge copy', () => {
  it('counts people and states the goal', () => {
    expect(fromPeople(0)).toBe('from 0 people');
    expect(fromPeople(1)).toBe('from 1 person');
    expect(fromPeople(12)).toBe('from 12 people');
    expect(pledgedOutOf(120, 500)).toBe('$120 pledged out of $500 goal');
    expect(pledgedOutOf(12.5, 1000)).toBe('$12.50 pledged out of $1,000 goal');
  });
});

describe('errorMessage', () => {
  it("shows the server's reason for a refusal", () => {
    const decline = new ApiError('Your card was declined.', 402, {});
    expect(errorMessage(decline, 'Failed to process payment')).toBe('Your card was declined.');
    expect(errorMessage(new ApiError('Minimum pledge is $5', 400, {}), 'x')).toBe(
      'Minimum pledge is $5',
    );
  });

  it('falls back for server faults, network errors and unknown throws', () => {
    const fallback = 'Failed to create payment intent';
    expect(errorMessage(new ApiError('Internal Server Error', 500, {}), fallback)).toBe(fallback);
    expect(errorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
    expect(errorMessage('boom', fallback)).toBe(fallback);
  });

  it('keeps the words of errors meant for the payer', () => {
    expect(errorMessage(new PaymentStepError('Payment failed'), 'x')).toBe('Payment failed');
    expect(errorMessage(new PaymentStepError(''), 'x')).toBe('x');
  });
});

describe('newIdempotencyKey', () => {
  it('is fresh every time and long enough for the API', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(8);
  });
});
