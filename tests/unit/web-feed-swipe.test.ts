import { describe, expect, it } from 'vitest';
import { dotWindow } from '@/web/features/feed/utils/dots';
import {
  decideSwipe,
  resistDrag,
  slideVideoMode,
  stepIndex,
  velocityFrom,
  visibleOffsets,
  wrapIndex,
} from '@/web/features/feed/utils/swipe';

const H = 800; // 20% = 160 px

describe('decideSwipe', () => {
  it('ignores drags of 40 px or less, however fast', () => {
    expect(decideSwipe({ deltaY: -40, velocityY: -5, viewportHeight: H })).toBeNull();
    expect(decideSwipe({ deltaY: 40, velocityY: 5, viewportHeight: H })).toBeNull();
    expect(decideSwipe({ deltaY: 0, velocityY: 0, viewportHeight: H })).toBeNull();
  });

  it('commits a flick faster than 0.5 px/ms beyond 40 px', () => {
    expect(decideSwipe({ deltaY: -41, velocityY: -0.51, viewportHeight: H })).toBe('next');
    expect(decideSwipe({ deltaY: 60, velocityY: 0.8, viewportHeight: H })).toBe('prev');
  });

  it('does not commit a slow short drag', () => {
    expect(decideSwipe({ deltaY: -100, velocityY: -0.5, viewportHeight: H })).toBeNull();
    expect(decideSwipe({ deltaY: -160, velocityY: -0.1, viewportHeight: H })).toBeNull();
  });

  it('commits a slow drag past 20% of the screen height', () => {
    expect(decideSwipe({ deltaY: -161, velocityY: 0, viewportHeight: H })).toBe('next');
    expect(decideSwipe({ deltaY: 161, velocityY: 0.1, viewportHeight: H })).toBe('prev');
  });

  it('ignores a flick back against the drag', () => {
    expect(decideSwipe({ deltaY: -100, velocityY: 2, viewportHeight: H })).toBeNull();
  });

  it('uses the 40 px floor on short screens', () => {
    expect(decideSwipe({ deltaY: -39, velocityY: 0, viewportHeight: 100 })).toBeNull();
    expect(decideSwipe({ deltaY: -41, velocityY: 0, viewportHeight: 100 })).toBe('next');
  });
});

describe('wrap-around', () => {
  it('wraps indexes in both directions', () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(12, 5)).toBe(2);
    expect(wrapIndex(-11, 5)).toBe(4);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('goes last to first and first to last when wrapping', () => {
    expect(stepIndex(4, 'next', 5, true)).toBe(0);
    expect(stepIndex(0, 'prev', 5, true)).toBe(4);
    expect(stepIndex(2, 'next', 5, true)).toBe(3);
    expect(stepIndex(2, 'prev', 5, true)).toBe(1);
  });

  it('stops at the ends when not wrapping (more pages to load)', () => {
    expect(stepIndex(4, 'next', 5, false)).toBeNull();
    expect(stepIndex(0, 'prev', 5, false)).toBeNull();
    expect(stepIndex(3, 'next', 5, false)).toBe(4);
  });

  it('never moves with one dare or none', () => {
    expect(stepIndex(0, 'next', 1, true)).toBeNull();
    expect(stepIndex(0, 'prev', 0, true)).toBeNull();
  });

  it('mounts at most previous, current and next', () => {
    expect(visibleOffsets(1, 1)).toEqual([0]);
    expect(visibleOffsets(2, 1)).toEqual([0, 1]);
    expect(visibleOffsets(2, -1)).toEqual([0, -1]);
    expect(visibleOffsets(9, 1)).toEqual([-1, 0, 1]);
  });
});

describe('resistDrag', () => {
  it('follows less than the finger, in the same direction, never past half the screen', () => {
    for (const pull of [10, 100, 400, 5000]) {
      const down = resistDrag(pull, H);
      expect(down).toBeGreaterThan(0);
      expect(down).toBeLessThan(pull);
      expect(down).toBeLessThan(H / 2);
      expect(resistDrag(-pull, H)).toBeCloseTo(-down);
    }
    expect(resistDrag(0, H)).toBe(0);
    expect(resistDrag(200, H)).toBeGreaterThan(resistDrag(100, H));
  });
});

describe('velocityFrom', () => {
  it('measures px/ms over the last 100 ms', () => {
    expect(velocityFrom([])).toBe(0);
    expect(velocityFrom([{ y: 10, t: 0 }])).toBe(0);
    const samples = [
      { y: 500, t: 0 },
      { y: 480, t: 200 },
      { y: 400, t: 250 },
      { y: 300, t: 300 },
    ];
    // Only the samples within 100 ms of the last count: (300 - 480) / 100.
    expect(velocityFrom(samples)).toBeCloseTo(-1.8);
  });
});

describe('dotWindow', () => {
  it('shows every dot for short feeds and a window around the current one otherwise', () => {
    expect(dotWindow(0, 3)).toEqual([0, 2]);
    expect(dotWindow(0, 20)).toEqual([0, 6]);
    expect(dotWindow(10, 20)).toEqual([7, 13]);
    expect(dotWindow(19, 20)).toEqual([13, 19]);
  });
});

describe('slideVideoMode', () => {
  it('plays the current dare and keeps both neighbours buffered', () => {
    expect(slideVideoMode(0, false)).toBe('play');
    expect(slideVideoMode(1, false)).toBe('preload');
    expect(slideVideoMode(-1, false)).toBe('preload');
  });

  it('plays the dare a swipe is bringing in from the start of the slide, either way', () => {
    expect(slideVideoMode(1, true)).toBe('play');
    expect(slideVideoMode(-1, true)).toBe('play');
  });
});
