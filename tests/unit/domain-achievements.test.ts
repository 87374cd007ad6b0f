import { describe, expect, it } from 'vitest';
import {
  parseRequirement,
  progressChange,
  progressLabel,
  progressPercent,
} from '@/domain/achievements';

describe('achievement requirements', () => {
  it('reads <metric>:<target> and refuses anything else', () => {
    expect(parseRequirement('dares_created:5')).toEqual({ metric: 'dares_created', target: 5 });
    expect(parseRequirement('dollars_pledged:1000')).toEqual({
      metric: 'dollars_pledged',
      target: 1000,
    });
    for (const bad of ['dares_created', 'unknown_metric:1', 'dares_created:0', 'x:-1', '']) {
      expect(parseRequirement(bad)).toBeNull();
    }
  });
});

describe('progress', () => {
  const locked = { progress: 2, maxProgress: 5, isUnlocked: false };

  it('sets the true value, capped, and unlocks on reaching the target', () => {
    expect(progressChange(locked, 3)).toEqual({ kind: 'progress', progress: 3 });
    expect(progressChange(locked, 2)).toEqual({ kind: 'none' });
    expect(progressChange(locked, 5)).toEqual({ kind: 'unlock', progress: 5 });
    expect(progressChange(locked, 40)).toEqual({ kind: 'unlock', progress: 5 });
    // A value that went down (an unfollow) shows as it is while locked.
    expect(progressChange(locked, 1)).toEqual({ kind: 'progress', progress: 1 });
  });

  it('never takes an unlock back', () => {
    expect(progressChange({ progress: 5, maxProgress: 5, isUnlocked: true }, 0)).toEqual({
      kind: 'none',
    });
  });

  it('labels counts and dollars for the card', () => {
    expect(progressLabel('dares_created:5', 3, 5)).toBe('3 / 5');
    expect(progressLabel('dollars_pledged:1000', 105, 1000)).toBe('$105 / $1,000');
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(9, 4)).toBe(100);
  });
});
