import { describe, expect, it } from 'vitest';
import type { PaymentIntentStatus } from '@/server/adapters/payments/gateway';
import type { CardBehavior } from '@/server/adapters/payments/simulated/cards';
import {
  CAPTURE_WINDOW_MS,
  type IntentState,
  transition,
} from '@/server/adapters/payments/simulated/transitions';

const NOW = new Date('2026-11-22T12:00:00Z');
const intent = (over: Partial<IntentState> = {}): IntentState => ({
  status: 'requires_confirmation',
  captureMethod: 'manual',
  amountCents: 1000,
  amountCapturedCents: 0,
  paymentMethodId: 'pm_1',
  captureBefore: null,
  lastError: null,
  ...over,
});
const confirm = (
  card: CardBehavior,
  extra: { offSession?: boolean; authenticate?: boolean } = {},
) =>
  ({
    type: 'confirm',
    card,
    offSession: extra.offSession ?? false,
    authenticate: extra.authenticate,
  }) as const;
const authorized = intent({
  status: 'requires_capture',
  captureBefore: new Date(NOW.getTime() + CAPTURE_WINDOW_MS),
});
const ALL: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

describe('confirm', () => {
  it('authorizes a manual-capture intent for 7 days', () => {
    expect(transition(intent(), confirm('succeed'), NOW)).toEqual({
      patch: {
        status: 'requires_capture',
        captureBefore: new Date('2026-11-29T12:00:00Z'),
        lastError: null,
      },
      error: null,
    });
  });

  it('charges an automatic-capture intent at once', () => {
    const result = transition(intent({ captureMethod: 'automatic' }), confirm('succeed'), NOW);
    expect(result.patch).toMatchObject({ status: 'succeeded', amountCapturedCents: 1000 });
  });

  it.each([
    ['decline_generic', 'generic_decline'],
    ['decline_insufficient_funds', 'insufficient_funds'],
  ] as const)('%s goes back to requires_payment_method with lastError', (card, declineCode) => {
    const result = transition(intent(), confirm(card), NOW);
    expect(result.error).toMatchObject({ code: 'card_declined', declineCode });
    expect(result.patch).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      lastError: result.error,
    });
  });

  it('asks for authentication on session, then completes or fails on the answer', () => {
    const first = transition(intent(), confirm('require_authentication'), NOW);
    expect(first).toEqual({ patch: { status: 'requires_action', lastError: null }, error: null });
    const pending = intent({ status: 'requires_action' });
    expect(transition(pending, confirm('require_authentication'), NOW)).toEqual({
      patch: null,
      error: null,
    });
    expect(
      transition(pending, confirm('require_authentication', { authenticate: true }), NOW).patch,
    ).toMatchObject({
      status: 'requires_capture',
    });
    const refused = transition(
      pending,
      confirm('require_authentication', { authenticate: false }),
      NOW,
    );
    expect(refused.patch?.status).toBe('requires_payment_method');
    expect(refused.error?.code).toBe('payment_intent_authentication_failure');
  });

  it('declines off session when the card needs authentication', () => {
    const result = transition(
      intent(),
      confirm('require_authentication', { offSession: true }),
      NOW,
    );
    expect(result.error?.code).toBe('authentication_required');
    expect(result.patch?.status).toBe('requires_payment_method');
  });

  it('lets the "fails when charged" card authorize on session but not off session', () => {
    expect(transition(intent(), confirm('decline_on_charge'), NOW).patch?.status).toBe(
      'requires_capture',
    );
    const off = transition(intent(), confirm('decline_on_charge', { offSession: true }), NOW);
    expect(off.error?.code).toBe('card_declined');
    const automatic = transition(
      intent({ captureMethod: 'automatic' }),
      confirm('decline_on_charge'),
      NOW,
    );
    expect(automatic.error?.code).toBe('card_declined');
  });

  it.each(ALL.filter((s) => s !== 'requires_confirmation' && s !== 'requires_action'))(
    'refuses to confirm from %s',
    (status) => {
      const result = transition(intent({ status }), confirm('succeed'), NOW);
      expect(result).toMatchObject({
        patch: null,
        error: { code: 'payment_intent_unexpected_state' },
      });
    },
  );

  it('refuses to confirm without a payment method', () => {
    const result = transition(intent({ paymentMethodId: null }), confirm('succeed'), NOW);
    expect(result.error?.code).toBe('payment_intent_unexpected_state');
  });
});

describe('capture', () => {
  it('captures all or part of an authorization', () => {
    expect(transition(authorized, { type: 'capture', card: 'succeed' }, NOW).patch).toMatchObject({
      status: 'succeeded',
      amountCapturedCents: 1000,
    });
    expect(
      transition(authorized, { type: 'capture', card: 'succeed', amountCents: 400 }, NOW).patch,
    ).toMatchObject({
      amountCapturedCents: 400,
    });
  });

  it('refuses more than was authorized', () => {
    const result = transition(
      authorized,
      { type: 'capture', card: 'succeed', amountCents: 1001 },
      NOW,
    );
    expect(result).toMatchObject({ patch: null, error: { code: 'amount_too_large' } });
  });

  it('fails after capture_before and cancels the lapsed hold', () => {
    const later = new Date(NOW.getTime() + CAPTURE_WINDOW_MS + 1);
    const result = transition(authorized, { type: 'capture', card: 'succeed' }, later);
    expect(result.error?.code).toBe('charge_expired_for_capture');
    expect(result.patch?.status).toBe('canceled');
    const atDeadline = new Date(NOW.getTime() + CAPTURE_WINDOW_MS);
    expect(
      transition(authorized, { type: 'capture', card: 'succeed' }, atDeadline).error,
    ).toBeNull();
  });

  it('declines the "fails when charged" card', () => {
    const result = transition(authorized, { type: 'capture', card: 'decline_on_charge' }, NOW);
    expect(result.error).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline' });
    expect(result.patch?.status).toBe('requires_payment_method');
  });

  it.each(ALL.filter((s) => s !== 'requires_capture'))('refuses to capture from %s', (status) => {
    const result = transition(intent({ status }), { type: 'capture', card: 'succeed' }, NOW);
    expect(result).toMatchObject({
      patch: null,
      error: { code: 'payment_intent_unexpected_state' },
    });
  });
});

describe('cancel and payment method changes', () => {
  it.each(ALL.filter((s) => s !== 'succeeded' && s !== 'canceled'))('cancels from %s', (status) => {
    expect(transition(intent({ status }), { type: 'cancel' }, NOW).patch?.status).toBe('canceled');
  });

  it.each(['succeeded', 'canceled'] as const)('refuses to cancel a %s intent', (status) => {
    const result = transition(intent({ status }), { type: 'cancel' }, NOW);
    expect(result).toMatchObject({
      patch: null,
      error: { code: 'payment_intent_unexpected_state' },
    });
  });

  it('takes a new payment method until the intent is authorized', () => {
    const set = { type: 'set_payment_method', paymentMethodId: 'pm_2' } as const;
    const retry = intent({ status: 'requires_payment_method', paymentMethodId: null });
    expect(transition(retry, set, NOW).patch).toEqual({
      status: 'requires_confirmation',
      paymentMethodId: 'pm_2',
      lastError: null,
    });
    expect(transition(authorized, set, NOW).error?.code).toBe('payment_intent_unexpected_state');
  });
});
