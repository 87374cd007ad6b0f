import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import type { ConfirmPaymentResult, PAYMENT_INTENT_STATUSES } from '@/contracts/payments';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/toast-store';
import {
  paymentMethodsQueryKey,
  useSavedPaymentMethods,
} from '@/web/features/billing/api/get-payment-methods';
import {
  CARD_FIELDS_REQUIRED_MESSAGE,
  CardFields,
  type CardFieldsValue,
  emptyCardFields,
  parseCardFields,
} from '@/web/features/billing/components/card-fields';
import { confirmCardPayment } from '../api/confirm-card-payment';
import { usePaymentConfig } from '../api/payment-config';
import { type PaymentFailureStage, useCardPayment } from '../hooks/use-card-payment';
import { formatCents } from '../lib/format-amount';
import type { StripeCardHandle } from '../stripe/stripe-card-element';
import { AuthenticationStep } from './authentication-step';
import { PaymentError } from './payment-error';
import { PaymentUnavailable } from './payment-unavailable';
import { initialCardChoice, NEW_CARD, SavedCardChoice } from './saved-card-choice';
import { StripeCardSection } from './stripe-card-section';
import { stripeConfirm } from './stripe-confirm';

type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

export interface CardPaymentFormProps {
  /** The amount being authorized, in cents (shown in the 3D Secure step). */
  amountCents: number;
  /**
   * Creates the PaymentIntent and resolves to its client secret. Called on the first submit
   * and reused after a decline, so a second card confirms the same intent. To show the
   * payer your words, reject with a PaymentStepError (../lib/error-message) or let a 4xx
   * ApiError through; anything else reads 'Failed to process payment'.
   */
  getClientSecret: () => Promise<string>;
  /** The submit button's text, such as 'Pay $20'; it reads 'Processing...' while busy. */
  submitLabel: string;
  /** The card is authorized (status requires_capture) or charged (succeeded). */
  onAuthorized: (result: ConfirmPaymentResult) => void;
  /**
   * A failed attempt: the failure's own words, or null (the inline error is shown anyway),
   * and whether it failed setting the payment up or authorizing the card.
   */
  onError?: (message: string | null, stage: PaymentFailureStage) => void;
  /** Shows a Cancel button (disabled while a payment is in flight). */
  onCancel?: () => void;
  /** Told when a payment starts and ends, so a dialog can refuse to close meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** A line above the buttons, such as when the card will be charged. */
  note?: ReactNode;
  /** Statuses that count as paid; default requires_capture and succeeded. */
  successStatuses?: readonly PaymentIntentStatus[];
  /** Keeps field ids unique when two forms share a screen. */
  idPrefix?: string;
}

/**
 * Pays by card with whichever provider the server runs: the simulated one (saved cards or
 * new card fields, a 3D Secure step) or Stripe's Element. Typed card details stay in place
 * after a failure, so trying again or switching card loses nothing.
 */
export function CardPaymentForm(props: CardPaymentFormProps) {
  const { submitLabel, onCancel, onBusyChange, note, idPrefix = 'payment' } = props;
  const config = usePaymentConfig();
  const saved = useSavedPaymentMethods();
  const queryClient = useQueryClient();
  const payment = useCardPayment({
    ...props,
    onAuthorized: (result) => {
      // A new card used here is saved on the customer for hold renewals: list it next time.
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
      props.onAuthorized(result);
    },
  });
  const [card, setCard] = useState<CardFieldsValue>(emptyCardFields);
  const [choice, setChoice] = useState<string | null>(null);
  const [stripeName, setStripeName] = useState('');
  const [stripe, setStripe] = useState<StripeCardHandle | null | undefined>(undefined);
  const onStripeReady = useCallback((handle: StripeCardHandle | null) => setStripe(handle), []);

  const busy = payment.phase === 'processing' || payment.phase === 'authorized';
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const methods = saved.data ?? [];
  const cardChoice = choice ?? initialCardChoice(methods);
  const publishableKey = config.data?.provider === 'stripe' ? config.data.publishableKey : null;

  if (config.isPending || (!publishableKey && saved.isPending)) {
    return <Skeleton className="h-64 w-full" />;
  }
  if (config.isError || stripe === null || (config.data.provider === 'stripe' && !publishableKey)) {
    return <PaymentUnavailable />;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (publishableKey) {
      // Stripe's card form is still loading: say so (spec section 8) rather than a dead button.
      if (!stripe) {
        toast({
          title: 'Payment system not ready',
          description: 'The card form is still loading. Please try again in a moment.',
          variant: 'destructive',
        });
        return;
      }
      if (!stripeName.trim()) return payment.showError(CARD_FIELDS_REQUIRED_MESSAGE);
      return void payment.pay((secret) => stripeConfirm(stripe, secret, stripeName.trim()));
    }
    if (cardChoice !== NEW_CARD) {
      return void payment.pay((secret) =>
        confirmCardPayment(secret, { paymentMethodId: cardChoice }),
      );
    }
    const parsed = parseCardFields(card);
    if (!parsed.ok) return payment.showError(parsed.message);
    void payment.pay((secret) => confirmCardPayment(secret, parsed.body));
  };

  const authenticating = payment.challenge;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy || undefined}
      className="flex flex-col gap-4"
    >
      {publishableKey ? (
        <StripeCardSection
          publishableKey={publishableKey}
          onReady={onStripeReady}
          name={stripeName}
          onNameChange={setStripeName}
          disabled={busy || authenticating}
          idPrefix={idPrefix}
        />
      ) : (
        <>
          {methods.length > 0 && (
            <SavedCardChoice
              name={`${idPrefix}-card-choice`}
              methods={methods}
              value={cardChoice}
              onChange={setChoice}
              disabled={busy || authenticating}
            />
          )}
          {cardChoice === NEW_CARD && (
            <CardFields
              value={card}
              onChange={setCard}
              disabled={busy || authenticating}
              idPrefix={idPrefix}
            />
          )}
        </>
      )}
      {note && <p className="text-sm text-ink-muted">{note}</p>}
      <PaymentError message={payment.error} />
      {authenticating ? (
        <AuthenticationStep
          amountLabel={formatCents(props.amountCents)}
          busy={busy}
          onAnswer={(approve) => void payment.authenticate(approve)}
        />
      ) : (
        <div className="flex gap-3">
          {onCancel && (
            <Button variant="outline" className="flex-1" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" className="flex-[2]" busy={busy}>
            {busy ? 'Processing...' : submitLabel}
          </Button>
        </div>
      )}
      {!publishableKey && (
        <p className="text-center text-xs text-ink-muted">
          This is a test payment form. No real payments will be processed.
        </p>
      )}
    </form>
  );
}
