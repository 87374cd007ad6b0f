/** One readiness check's result: the words of a failure never carry a secret or an address. */
export type CheckOutcome = { ok: true } | { ok: false; reason: string; error?: unknown };

export const passed: CheckOutcome = { ok: true };

/** A failure found by a check itself (not thrown by a dependency): its message is the reason. */
export class CheckFailure extends Error {}

/** Codes a dependency's error may carry (errno, SQLSTATE), in words. */
const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'not a directory',
  EEXIST: 'a file is in the way',
  '57P01': 'the server is shutting down',
  '57P02': 'the server is shutting down',
  '57P03': 'the server is starting up or shutting down',
  '53300': 'too many connections',
  '28P01': 'authentication failed',
  '28000': 'authentication failed',
  '3D000': 'the database does not exist',
};

/** Messages without a code that are known to carry nothing but the kind of failure (pg). */
const SAFE_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/i, 'connection lost'],
  [/^Query read timeout$/i, 'timed out'],
  [/^timeout exceeded when trying to connect$/i, 'timed out connecting'],
];

/**
 * A thrown error as a check's reason: the code of the first error in the cause chain that
 * has one (errno, SQLSTATE, an S3 error name), in words where known. Never the message as
 * such: a driver's message can name the host, the user or the bucket.
 */
export function failureReason(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const record = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    const code = typeof record.code === 'string' ? record.code : undefined;
    if (code && /^[A-Z0-9_]{4,}$/.test(code)) {
      return CODE_WORDS[code] ? `${CODE_WORDS[code]} (${code})` : `error ${code}`;
    }
    // S3's errors are named by their code (AccessDenied, NoSuchBucket, SlowDown).
    const s3 = (current as { $metadata?: unknown }).$metadata !== undefined;
    if (s3 && typeof record.name === 'string') return `error ${record.name}`;
    if (typeof record.message === 'string') {
      const known = SAFE_MESSAGES.find(([pattern]) => pattern.test(record.message as string));
      if (known) return known[1];
    }
    current = record.cause;
  }
  return 'error';
}

export const failed = (error: unknown): CheckOutcome => ({
  ok: false,
  reason: failureReason(error),
  error,
});
