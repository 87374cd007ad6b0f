import type { Stripe } from '@stripe/stripe-js';

/** Past this, the card form stops waiting and shows its fallback. */
export const STRIPE_LOAD_TIMEOUT_MS = 8_000;

const loads = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key, loaded once: null when it cannot be loaded (blocked
 * script, offline) or does not arrive within STRIPE_LOAD_TIMEOUT_MS. A success is cached for
 * the page's life; a failure is not, so the next card form tries again. The package itself is
 * imported here, on first use, so nothing of Stripe's is in the initial bundle.
 */
export function getStripe(
  publishableKey: string,
  timeoutMs = STRIPE_LOAD_TIMEOUT_MS,
): Promise<Stripe | null> {
  const cached = loads.get(publishableKey);
  if (cached) return cached;
  const loading = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
  const load = withTimeout(loading, timeoutMs).catch(() => null);
  loads.set(publishableKey, load);
  void load.then((stripe) => {
    if (!stripe) loads.delete(publishableKey);
  });
  return load;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
