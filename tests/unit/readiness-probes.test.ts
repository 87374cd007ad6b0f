import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '@/server/adapters/media/storage';
import { boundedProbe } from '@/server/modules/operations/bounded-probe';
import { CheckFailure, failureReason } from '@/server/modules/operations/check-outcome';

/** Decision 0050: what /readyz says about a failure, and how long a probe may take. */
describe('failureReason', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('names the code in words, never the message that carries the address or the user', () => {
    const refused = withCode('connect ECONNREFUSED 10.0.0.7:5432', 'ECONNREFUSED');
    expect(failureReason(refused)).toBe('connection refused (ECONNREFUSED)');
    const password = withCode('password authentication failed for user "darefund"', '28P01');
    expect(failureReason(password)).toBe('authentication failed (28P01)');
    expect(failureReason(withCode('relation "x" does not exist', '42P01'))).toBe('error 42P01');
  });

  it('reads the cause of a wrapped error: an S3 failure by its error name', () => {
    const s3 = Object.assign(new Error('The bucket darefund-media does not exist'), {
      name: 'NoSuchBucket',
      $metadata: { httpStatusCode: 404 },
    });
    expect(failureReason(new StorageUnavailableError(s3))).toBe('error NoSuchBucket');
  });

  it('keeps only messages known to be safe, and a check’s own words', () => {
    expect(failureReason(new Error('Connection terminated unexpectedly'))).toBe('connection lost');
    expect(failureReason(new Error('token=abc123 at https://user:pw@host'))).toBe('error');
    expect(failureReason('a string')).toBe('error');
    expect(failureReason(new CheckFailure('1 not applied: 0023_moderation'))).toBe(
      '1 not applied: 0023_moderation',
    );
  });
});

describe('boundedProbe', () => {
  it('answers within its timeout when the check hangs, and runs one check for callers that overlap', async () => {
    let calls = 0;
    const probe = boundedProbe(
      () => {
        calls += 1;
        return new Promise<void>(() => {});
      },
      { timeoutMs: 50 },
    );
    const started = performance.now();
    const outcomes = await Promise.all([probe(), probe(), probe()]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcomes).toEqual(Array(3).fill({ ok: false, reason: 'no answer within 0.05 s' }));
    expect(calls).toBe(1);
    // Without a cache window the next probe checks again.
    await probe();
    expect(calls).toBe(2);
  });

  it('reuses a result for its cache window', async () => {
    let calls = 0;
    const probe = boundedProbe(
      async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
      },
      { timeoutMs: 1000, cacheMs: 60_000 },
    );
    const first = await probe();
    expect(first).toMatchObject({ ok: false, reason: 'no space left on device (ENOSPC)' });
    expect(await probe()).toBe(first);
    expect(calls).toBe(1);
  });
});
