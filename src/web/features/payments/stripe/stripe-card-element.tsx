import type {
  StripeCardElement as CardElement,
  Stripe,
  StripeCardElementOptions,
} from '@stripe/stripe-js';
import { type JSX, useEffect, useRef, useState } from 'react';
import { cn } from '@/web/lib/cn';
import { getStripe, STRIPE_LOAD_TIMEOUT_MS } from './load-stripe';

export type StripeCardHandle = {
  confirm(clientSecret: string, cardholderName: string): Promise<{ id: string; status: string }>;
  /** Sends the card to Stripe and resolves to its payment method id (pm_...) for our server. */
  createPaymentMethod(cardholderName: string): Promise<{ id: string }>;
};

/**
 * The Element draws inside Stripe's iframe, out of Tailwind's reach: the palette of
 * styles.css is repeated here. 16px text keeps iOS from zooming into the field.
 */
const CARD_OPTIONS: StripeCardElementOptions = {
  style: {
    base: {
      color: '#f4f4f5',
      iconColor: '#a8a8b3',
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: '16px',
      fontSmoothing: 'antialiased',
      '::placeholder': { color: '#a8a8b3' },
      ':-webkit-autofill': { color: '#f4f4f5' },
    },
    invalid: { color: '#ff8080', iconColor: '#ff8080' },
  },
  // One card field; Link's extra button does not fit the narrow mobile column.
  disableLink: true,
};

/** The box around the iframe matches Input; Stripe sets these classes on the mount node. */
const BOX =
  'rounded-xl border border-line bg-surface px-3.5 py-3.5 transition-colors ' +
  '[&.StripeElement--focus]:border-accent [&.StripeElement--focus]:ring-2 ' +
  '[&.StripeElement--focus]:ring-accent/40 [&.StripeElement--invalid]:border-danger';

function handleFor(stripe: Stripe, card: CardElement): StripeCardHandle {
  return {
    async confirm(clientSecret, cardholderName) {
      // Stripe.js runs a 3D Secure challenge itself when the bank asks for one.
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: cardholderName } },
      });
      if (result.error) throw new Error(result.error.message || 'Payment failed');
      return { id: result.paymentIntent.id, status: result.paymentIntent.status };
    },
    async createPaymentMethod(cardholderName) {
      const result = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: cardholderName },
      });
      if (result.error) throw new Error(result.error.message || 'Payment failed');
      return { id: result.paymentMethod.id };
    },
  };
}

/**
 * Stripe's card Element: card data goes from this iframe to Stripe, never to our server.
 * Calls onReady(handle) once the field is usable, or onReady(null) when Stripe cannot be
 * loaded or the field never appears (e.g. a blocked frame), so the caller shows its fallback.
 * Import it with import() only: it pulls in Stripe.js.
 */
export function StripeCardElement(props: {
  publishableKey: string;
  onReady: (handle: StripeCardHandle | null) => void;
}): JSX.Element {
  const { publishableKey } = props;
  const mountRef = useRef<HTMLDivElement>(null);
  // The caller's callback may change identity; remounting the card would lose what was typed.
  const onReadyRef = useRef(props.onReady);
  useEffect(() => {
    onReadyRef.current = props.onReady;
  });
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let card: CardElement | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    // Once: a field that turns up after the caller fell back must not switch it back.
    const settle = (handle: StripeCardHandle | null) => {
      if (!live || settled) return;
      settled = true;
      clearTimeout(timer);
      setState(handle ? 'ready' : 'unavailable');
      onReadyRef.current(handle);
    };
    void getStripe(publishableKey).then((stripe) => {
      if (!live) return;
      if (!stripe || !mountRef.current) return settle(null);
      const mounted = stripe.elements().create('card', CARD_OPTIONS);
      card = mounted;
      mounted.on('ready', () => settle(handleFor(stripe, mounted)));
      mounted.on('change', (event) => setError(event.error?.message ?? null));
      timer = setTimeout(() => settle(null), STRIPE_LOAD_TIMEOUT_MS);
      mounted.mount(mountRef.current);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      card?.destroy();
    };
  }, [publishableKey]);

  return (
    <div className="flex flex-col gap-1.5" hidden={state === 'unavailable'}>
      <div className="relative" aria-busy={state === 'loading'}>
        <div ref={mountRef} className={cn(BOX, state === 'loading' && 'opacity-0')} />
        {state === 'loading' && (
          <div
            aria-hidden="true"
            className="absolute inset-0 animate-pulse rounded-xl bg-surface-raised"
          />
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
