/** The name of the unique constraint a Postgres error violated, if that is what it is. */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the Postgres error is somewhere in the cause chain.
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return candidate.constraint ?? 'unknown';
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Whether Postgres gave up on the transaction because of another one (deadlock detected,
 * serialization failure): running it again is the documented answer.
 */
export function transactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: string }).code;
    if (code === '40P01' || code === '40001') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
