/**
 * Why the database at DATABASE_URL could not be reached, as the one line an operator reads
 * at start (a stack trace buries the cause). The password is never printed.
 */
export function databaseConnectionMessage(error: unknown, databaseUrl: string): string {
  return `Cannot connect to the database at DATABASE_URL (${redactedUrl(databaseUrl)}): ${connectionCause(error)}`;
}

/** The URL with its password replaced, or a placeholder when it does not parse. */
export function redactedUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a valid URL)';
  }
}

/** Node socket codes and Postgres SQLSTATEs (pg puts both on `error.code`). */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is Postgres running and listening there?)',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  '3D000': 'unknown database',
  '28P01': 'authentication failed (wrong password)',
  '28000': 'authentication failed',
};

export function connectionCause(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const firstLine = typeof message === 'string' ? (message.split('\n')[0] ?? '') : '';
  const cause = typeof code === 'string' ? CAUSES[code] : undefined;
  if (!cause) return firstLine || String(error);
  // Postgres' own words name the database or role; socket messages only repeat the code.
  return /^[0-9A-Z]{5}$/.test(String(code)) && firstLine ? `${cause}: ${firstLine}` : cause;
}
