import { describe, expect, it } from 'vitest';
import { startupClock } from '@/server/startup-clock';

describe('startupClock', () => {
  it('times each step from the end of the one before, and the whole start', async () => {
    const clock = startupClock();
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.step('database');
    clock.step('migrations');
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.step('seed');
    const summary = clock.summary();
    expect(summary.database).toBeGreaterThanOrEqual(15);
    expect(summary.migrations).toBeLessThan(15);
    expect(summary.seed).toBeGreaterThanOrEqual(15);
    expect(summary.total).toBeGreaterThanOrEqual(summary.process! + summary.database!);
  });
});
