import { type ComponentType, useEffect, useState } from 'react';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { StripeCardHandle } from '../stripe/stripe-card-element';

type StripeElementProps = {
  publishableKey: string;
  onReady: (handle: StripeCardHandle | null) => void;
};

interface StripeCardSectionProps {
  publishableKey: string;
  /** The card handle once Stripe is up; null when it could not be loaded. */
  onReady: (handle: StripeCardHandle | null) => void;
  name: string;
  onNameChange: (name: string) => void;
  disabled?: boolean;
  idPrefix: string;
}

/**
 * Stripe mode: card data goes from Stripe's Element straight to Stripe. Stripe.js and the
 * Element load as their own chunk, only when this provider is configured, so the simulated
 * mode (and every other screen) never downloads them.
 */
export function StripeCardSection(props: StripeCardSectionProps) {
  const { publishableKey, onReady, name, onNameChange, disabled, idPrefix } = props;
  const [Element, setElement] = useState<ComponentType<StripeElementProps> | null>(null);

  useEffect(() => {
    let live = true;
    import('../stripe/stripe-card-element')
      .then((module) => {
        if (live) setElement(() => module.StripeCardElement);
      })
      .catch(() => {
        if (live) onReady(null);
      });
    return () => {
      live = false;
    };
  }, [onReady]);

  const nameId = `${idPrefix}-stripe-name`;
  return (
    <div className="flex flex-col gap-4">
      <FormField id={nameId} label="Cardholder name">
        <Input
          id={nameId}
          autoComplete="cc-name"
          placeholder="Name on card"
          maxLength={200}
          required
          disabled={disabled}
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
        />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-ink">Card details</span>
        {Element ? (
          <Element publishableKey={publishableKey} onReady={onReady} />
        ) : (
          <Skeleton className="h-12 w-full" />
        )}
      </div>
    </div>
  );
}
