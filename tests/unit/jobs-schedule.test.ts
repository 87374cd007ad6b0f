import { describe, expect, it } from 'vitest';
import { periodicSlot, RETRY_MAX_MS, retryDelayMs } from '@/server/jobs/schedule';

describe('retryDelayMs', () => {
  it('doubles from 30 s and stops at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1000)).toBe(RETRY_MAX_MS);
    // A job that somehow failed before its first counted attempt still waits the base delay.
    expect(retryDelayMs(0)).toBe(30_000);
  });
});

describe('periodicSlot', () => {
  const every15 = 15 * 60 * 1000;

  it('names the slot by its start, the same for every moment inside it', () => {
    const a = periodicSlot('renew-holds', every15, new Date('2030-05-01T10:15:00.000Z'));
    const b = periodicSlot('renew-holds', every15, new Date('2030-05-01T10:29:59.999Z'));
    expect(a).toEqual(b);
    expect(a).toEqual({
      runAt: new Date('2030-05-01T10:15:00.000Z'),
      dedupeKey: 'renew-holds:2030-05-01T10:15:00.000Z',
    });
  });

  it('moves to the next slot at its boundary, and keys differ per kind', () => {
    const next = periodicSlot('renew-holds', every15, new Date('2030-05-01T10:30:00.000Z'));
    expect(next.dedupeKey).toBe('renew-holds:2030-05-01T10:30:00.000Z');
    const other = periodicSlot('retry-payouts', every15, new Date('2030-05-01T10:30:00.000Z'));
    expect(other.dedupeKey).not.toBe(next.dedupeKey);
  });
});
