import { z } from 'zod';
import { text } from './common';
import { IDEMPOTENCY_KEY_MAX } from './limits';

/**
 * The `Idempotency-Key` request header (decision 0031), as Stripe takes it: a key the client
 * makes once per user action (a UUID), so the same request sent twice does the work once and
 * answers the same both times. Kept IDEMPOTENCY_KEY_HOURS per user.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`,
  /** Stripe's words for the same refusal. */
  reused:
    'Keys for idempotent requests can only be used with the same parameters they were first used with. Use a new Idempotency-Key for a new request.',
} as const;

/** The headers of a route that honours the key; every other header passes through untouched. */
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: text('Idempotency-Key', IDEMPOTENCY_MESSAGES.invalidKey)
    .min(1, IDEMPOTENCY_MESSAGES.invalidKey)
    .max(IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MESSAGES.invalidKey)
    .optional(),
});
