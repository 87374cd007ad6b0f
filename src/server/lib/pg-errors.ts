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
