import { createHash } from 'node:crypto';

/** Key order must not change the hash: a retry built in another order is the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * The fingerprint of one request under an idempotency key: what it does (`operation`) and
 * its parameters, whatever order they came in. The same key with another fingerprint is
 * another request, and refused.
 */
export const requestHash = (operation: string, params: unknown) =>
  createHash('sha256')
    .update(JSON.stringify({ operation, params: canonical(params) }))
    .digest('hex');
