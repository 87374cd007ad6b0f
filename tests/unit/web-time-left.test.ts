import { describe, expect, it } from 'vitest';
import { daysRemaining } from '@/web/features/create-dare/lib/post-create-funding';
import { formatExpiry, formatTimeLeft, timeLeft } from '@/web/features/dares/utils/format-dare';

const now = Date.parse('2030-01-10T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(now + ms).toISOString();

describe('time left, the same on every screen', () => {
  it('gives a 7-day dare created a moment ago 7 days everywhere', () => {
    const expiresAt = at(7 * DAY - 5_000);
    expect(daysRemaining(expiresAt, now)).toBe('7 days remaining');
    expect(formatTimeLeft(expiresAt, now)).toBe('7 days left');
    expect(formatExpiry({ status: 'active', expiresAt }, now)).toBe('Expires: in 7 days');
  });

  it('rounds every unit up', () => {
    expect(formatTimeLeft(at(3 * DAY + HOUR), now)).toBe('4 days left');
    expect(formatTimeLeft(at(DAY), now)).toBe('1 day left');
    expect(formatTimeLeft(at(23 * HOUR + 30 * MINUTE), now)).toBe('1 day left');
    expect(formatTimeLeft(at(23 * HOUR), now)).toBe('23 hours left');
    expect(formatTimeLeft(at(59 * MINUTE + 30_000), now)).toBe('1 hour left');
    expect(formatTimeLeft(at(30_000), now)).toBe('1 minute left');
    expect(timeLeft(at(90 * MINUTE), now)).toEqual({ count: 2, unit: 'hour' });
  });

  it('shows no time left for completed and failed dares (spec section 4)', () => {
    for (const status of ['completed', 'failed'] as const) {
      expect(formatExpiry({ status, expiresAt: at(7 * DAY) }, now)).toBeNull();
      expect(formatExpiry({ status, expiresAt: at(-DAY) }, now)).toBeNull();
    }
    for (const status of ['pending', 'active', 'verification'] as const) {
      expect(formatExpiry({ status, expiresAt: at(7 * DAY) }, now)).toBe('Expires: in 7 days');
    }
  });

  it('ends at expiry', () => {
    expect(formatTimeLeft(at(0), now)).toBe('Ended');
    expect(formatTimeLeft('not a date', now)).toBe('Ended');
    expect(formatExpiry({ status: 'active', expiresAt: at(-2 * DAY) }, now)).toBe(
      'Ended: 2 days ago',
    );
    expect(daysRemaining(at(-1), now)).toBe('Campaign ended');
  });

  it('never disagrees between the create dialog and the detail page', () => {
    for (let ms = MINUTE; ms < 31 * DAY; ms += 7 * HOUR + 13 * MINUTE) {
      const left = timeLeft(at(ms), now);
      if (left?.unit !== 'day') continue;
      expect(daysRemaining(at(ms), now)).toBe(
        `${left.count} ${left.count === 1 ? 'day' : 'days'} remaining`,
      );
    }
  });
});
