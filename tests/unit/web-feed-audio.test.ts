import { describe, expect, it } from 'vitest';
import {
  clampVolume,
  parseStoredMuted,
  parseStoredVolume,
  stepVolume,
} from '@/web/features/video/utils/audio';

describe('volume', () => {
  it('clamps to 0..1', () => {
    expect(clampVolume(1.7)).toBe(1);
    expect(clampVolume(-0.2)).toBe(0);
    expect(clampVolume(0.35)).toBe(0.35);
    expect(clampVolume(Number.NaN)).toBe(1);
  });

  it('steps by 0.1 without drifting or leaving the range', () => {
    expect(stepVolume(0.7, 1)).toBe(0.8);
    expect(stepVolume(0.7, -1)).toBe(0.6);
    expect(stepVolume(1, 1)).toBe(1);
    expect(stepVolume(0, -1)).toBe(0);
    let volume = 0;
    for (let i = 0; i < 10; i += 1) volume = stepVolume(volume, 1);
    expect(volume).toBe(1);
  });

  it('reads stored settings with the defaults (not muted, full volume)', () => {
    expect(parseStoredMuted(null)).toBe(false);
    expect(parseStoredMuted('true')).toBe(true);
    expect(parseStoredMuted('false')).toBe(false);
    expect(parseStoredMuted('yes')).toBe(false);
    expect(parseStoredVolume(null)).toBe(1);
    expect(parseStoredVolume('0.4')).toBe(0.4);
    expect(parseStoredVolume('7')).toBe(1);
    expect(parseStoredVolume('loud')).toBe(1);
    expect(parseStoredVolume('')).toBe(1);
  });
});
