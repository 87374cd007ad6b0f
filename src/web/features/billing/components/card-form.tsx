import { type FormEvent, useCallback, useState } from 'react';
import type { PaymentConfig } from '@/contracts/pledges';
import { Button } from '@/web/components/ui/button';
import { PaymentUnavailable } from '@/web/features/payments/components/payment-unavailable';
import { StripeCardSection } from '@/web/features/payments/components/stripe-card-section';
import type { StripeCardHandle } from '@/web/features/payments/stripe/stripe-card-element';
import {
  CARD_FIELDS_REQUIRED_MESSAGE,
  CardFields,
  type CardFieldsBody,
  emptyCardFields,
  parseCardFields,
} from './card-fields';

/** What the form hands over: typed card fields (simulated) or Stripe's Element (stripe). */
export type NewCard =
  | { kind: 'fields'; body: CardFieldsBody }
  | { kind: 'stripe'; handle: StripeCardHandle; cardholderName: string };

interface CardFormProps {
  /** Which provider takes the card: its fields, or Stripe's Element. */
  config: PaymentConfig;
  /** Shows the "Make this my default card" choice (adding, not replacing). */
  offerDefault: boolean;
  submitLabel: string;
  busy: boolean;
  /** The server's words for the last failure (a declined card, an expired one...). */
  serverError: string | null;
  onSubmit: (card: NewCard, setAsDefault: boolean) => void;
  onCancel: () => void;
  /** Called when a field changes, so a stale server error can be cleared. */
  onEdit?: () => void;
}

/** The card fields with their submit, for adding a card or replacing one. */
export function CardForm(props: CardFormProps) {
  const { config, offerDefault, submitLabel, busy, serverError, onSubmit, onCancel, onEdit } =
    props;
  const stripeMode = config.provider === 'stripe';
  const publishableKey = stripeMode ? config.publishableKey : null;
  const [value, setValue] = useState(emptyCardFields);
  const [name, setName] = useState('');
  // undefined while Stripe loads; null when it cannot.
  const [handle, setHandle] = useState<StripeCardHandle | null | undefined>(undefined);
  const onStripeReady = useCallback((next: StripeCardHandle | null) => setHandle(next), []);
  const [setAsDefault, setSetAsDefault] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const error = localError ?? serverError;
  const unavailable = stripeMode && (!publishableKey || handle === null);

  const edited = () => {
    setLocalError(null);
    onEdit?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (stripeMode) {
      if (!handle) return;
      const cardholderName = name.trim();
      if (!cardholderName) return setLocalError(CARD_FIELDS_REQUIRED_MESSAGE);
      setLocalError(null);
      return onSubmit({ kind: 'stripe', handle, cardholderName }, setAsDefault);
    }
    const parsed = parseCardFields(value);
    if (!parsed.ok) return setLocalError(parsed.message);
    setLocalError(null);
    onSubmit({ kind: 'fields', body: parsed.body }, setAsDefault);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={busy || undefined}
      className="flex flex-col gap-4"
    >
      {unavailable ? (
        <PaymentUnavailable />
      ) : publishableKey ? (
        <StripeCardSection
          publishableKey={publishableKey}
          onReady={onStripeReady}
          name={name}
          onNameChange={(next) => {
            setName(next);
            edited();
          }}
          disabled={busy}
          idPrefix="billing-card"
        />
      ) : (
        <CardFields
          value={value}
          onChange={(next) => {
            setValue(next);
            edited();
          }}
          disabled={busy}
          idPrefix="billing-card"
        />
      )}
      {offerDefault && !unavailable && (
        <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={setAsDefault}
            disabled={busy}
            onChange={(event) => setSetAsDefault(event.target.checked)}
            className="size-5 accent-brand-strong"
          />
          Make this my default card
        </label>
      )}
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <p role="alert" aria-live="assertive" className="min-h-5 text-sm text-danger empty:min-h-0">
        {error}
      </p>
      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="flex-[2]" busy={busy} disabled={stripeMode && !handle}>
          {busy ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
