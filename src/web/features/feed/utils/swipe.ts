/** Feed gesture rules (spec section 9). */
export const SWIPE_MIN_DISTANCE_PX = 40;
/** px per ms */
export const SWIPE_MIN_VELOCITY = 0.5;
export const SWIPE_SCREEN_RATIO = 0.2;
export const SLIDE_MS = 250;
export const WHEEL_LOCK_MS = 700;
/** Wheel deltas below this are trackpad noise, not an intent to move. */
export const WHEEL_MIN_DELTA = 12;

export type SwipeDirection = 'next' | 'prev';

export interface SwipeInput {
  /** Finger travel since the press; negative is upwards (towards the next dare). */
  deltaY: number;
  /** Recent finger speed in px/ms, signed like deltaY. */
  velocityY: number;
  viewportHeight: number;
}

/**
 * Whether a released drag moves to another dare: it must travel more than 40 px and either
 * be flicked faster than 0.5 px/ms (in the same direction) or cover 20% of the screen.
 */
export function decideSwipe({
  deltaY,
  velocityY,
  viewportHeight,
}: SwipeInput): SwipeDirection | null {
  const distance = Math.abs(deltaY);
  if (distance <= SWIPE_MIN_DISTANCE_PX) return null;
  const flicked =
    Math.abs(velocityY) > SWIPE_MIN_VELOCITY && Math.sign(velocityY) === Math.sign(deltaY);
  const far = distance > viewportHeight * SWIPE_SCREEN_RATIO;
  if (!flicked && !far) return null;
  return deltaY < 0 ? 'next' : 'prev';
}

/** `index` brought into 0..length-1, counting round in both directions. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/**
 * The dare one step away, or null at an edge the feed does not wrap past. The feed wraps
 * (last → first, first → last) only once every page is loaded and there are two or more.
 */
export function stepIndex(
  index: number,
  direction: SwipeDirection,
  length: number,
  wrap: boolean,
): number | null {
  if (length <= 1) return null;
  const next = index + (direction === 'next' ? 1 : -1);
  if (next >= 0 && next < length) return next;
  return wrap ? wrapIndex(next, length) : null;
}

/**
 * Rubber band for a drag past an edge: the further the pull, the less the content follows,
 * never beyond half the screen.
 */
export function resistDrag(deltaY: number, viewportHeight: number): number {
  if (deltaY === 0 || viewportHeight <= 0) return 0;
  const limit = viewportHeight / 2;
  const pulled = Math.abs(deltaY);
  return Math.sign(deltaY) * ((pulled * limit) / (pulled + limit)) * 0.6;
}

/** Speed in px/ms over recent pointer samples (the last ~100 ms count). */
export function velocityFrom(samples: ReadonlyArray<{ y: number; t: number }>): number {
  const last = samples.at(-1);
  if (!last) return 0;
  const first = samples.find((sample) => last.t - sample.t <= 100) ?? last;
  const dt = last.t - first.t;
  return dt > 0 ? (last.y - first.y) / dt : 0;
}

/** Which slots around the current dare are mounted: at most previous, current and next. */
export function visibleOffsets(length: number, side: -1 | 1): number[] {
  if (length <= 1) return [0];
  // With two dares the other one is both previous and next: it waits on the side in use.
  if (length === 2) return [0, side];
  return [-1, 0, 1];
}

/** What a mounted slide's video does; the values of DareVideo's `mode`. */
export type SlideVideoMode = 'play' | 'preload';

/**
 * The current dare plays; so does the one a committed swipe is sliding in, so its first
 * frames are on screen before the slide ends. Its neighbours (previous and next: the only
 * others mounted) stay buffered and paused, ready for either direction.
 */
export function slideVideoMode(offset: number, arriving: boolean): SlideVideoMode {
  return offset === 0 || arriving ? 'play' : 'preload';
}
