import type Stripe from 'stripe';
import type { StripeApiAddress } from '../../../config';

export type StripeClientOptions = {
  secretKey: string;
  /** STRIPE_API_URL: a local stand-in for Stripe's API in tests. */
  api?: StripeApiAddress;
};

/**
 * The SDK is imported on first use, not at startup: loading it costs about 130 ms of cold
 * start, and the simulated gateway (the default) never needs it.
 */
export function lazyStripeClient(options: StripeClientOptions): () => Promise<Stripe> {
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= import('stripe').then(({ default: StripeSdk }) => {
      return new StripeSdk(options.secretKey, {
        // Retried requests reuse their idempotency key (ours, or one the SDK adds), so a
        // retry after a dropped connection cannot charge twice.
        maxNetworkRetries: 2,
        // Stripe's 80 s default would hold a request handler far longer than anyone waits.
        timeout: 30_000,
        appInfo: { name: 'darefund' },
        ...(options.api ?? {}),
      });
    });
    // A failed import (broken install) is retried on the next call instead of cached.
    client.catch(() => {
      client = undefined;
    });
    return client;
  };
}
