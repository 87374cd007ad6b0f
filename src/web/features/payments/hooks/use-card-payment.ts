import { useCallback, useRef, useState } from 'react';
import type { ConfirmPaymentResult, PAYMENT_INTENT_STATUSES } from '@/contracts/payments';
import { isApiError } from '@/web/lib/api-client';
import { answerAuthentication } from '../api/confirm-card-payment';
import { errorMessage, PaymentStepError } from '../lib/error-message';
import { dismissPaymentFailed } from '../lib/payment-toasts';

type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** The inline error when a failure brings no words of its own (spec section 8). */
export const PAYMENT_INLINE_FALLBACK = 'Failed to process payment';

/** A hold on the card (pledges) or a charge (automatic capture) both mean the payer is done. */
export const DEFAULT_SUCCESS_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_capture',
  'succeeded',
];

export type CardPaymentPhase = 'idle' | 'processing' | 'authenticate' | 'authorized';

/**
 * Where a payment failed: 'setup' when its PaymentIntent could not be made (the spec's
 * 'Payment Setup Error'), 'payment' when the card was not authorized.
 */
export type PaymentFailureStage = 'setup' | 'payment';

export interface CardPaymentOptions {
  amountCents: number;
  getClientSecret: () => Promise<string>;
  onAuthorized: (result: ConfirmPaymentResult) => void;
  /** The failure's own words, or null when it brought none (the caller picks its default). */
  onError?: (message: string | null, stage: PaymentFailureStage) => void;
  successStatuses?: readonly PaymentIntentStatus[];
}

/**
 * The payment's state machine: fetch the client secret once, confirm, maybe authenticate,
 * then report. The secret is reused after a decline (the intent goes back to
 * requires_payment_method, as on Stripe), so trying another card makes no second intent;
 * any other failure drops it so the next try starts clean.
 */
export function useCardPayment(options: CardPaymentOptions) {
  const [phase, setPhase] = useState<CardPaymentPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  /** True from a 3D Secure challenge until its answer is settled. */
  const [challenge, setChallenge] = useState(false);
  const secret = useRef<{ amountCents: number; value: string } | null>(null);
  const running = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const clientSecret = async () => {
    const { amountCents, getClientSecret } = latest.current;
    if (secret.current?.amountCents === amountCents) return secret.current.value;
    const value = await getClientSecret();
    secret.current = { amountCents, value };
    return value;
  };

  const fail = useCallback((cause: unknown, stage: PaymentFailureStage = 'payment') => {
    if (!isApiError(cause, 402)) secret.current = null;
    const message = errorMessage(cause, '');
    setError(message || PAYMENT_INLINE_FALLBACK);
    setChallenge(false);
    setPhase('idle');
    latest.current.onError?.(message || null, stage);
  }, []);

  const settle = (result: ConfirmPaymentResult) => {
    const { successStatuses = DEFAULT_SUCCESS_STATUSES, onAuthorized } = latest.current;
    if (result.status === 'requires_action') {
      setChallenge(true);
      setPhase('authenticate');
    } else if (successStatuses.includes(result.status)) {
      setChallenge(false);
      setPhase('authorized');
      onAuthorized(result);
    } else {
      fail(new PaymentStepError(''));
    }
  };

  /** Runs one confirmation with the client secret; ignored while another is in flight. */
  const run = async (confirm: (clientSecret: string) => Promise<ConfirmPaymentResult>) => {
    if (running.current) return;
    running.current = true;
    setPhase('processing');
    setError(null);
    dismissPaymentFailed();
    let stage: PaymentFailureStage = 'setup';
    try {
      const value = await clientSecret();
      stage = 'payment';
      settle(await confirm(value));
    } catch (cause) {
      fail(cause, stage);
    } finally {
      running.current = false;
    }
  };

  return {
    phase,
    error,
    challenge,
    /** A message of the form's own, such as 'Please fill in all card details'. */
    showError: setError,
    pay: run,
    /** The answer to the 3D Secure step (simulated provider). */
    authenticate: (approve: boolean) => run((value) => answerAuthentication(value, approve)),
  };
}
