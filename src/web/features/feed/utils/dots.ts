/** At most this many dots show; a long feed shows a window that follows the current dare. */
export const MAX_DOTS = 7;

/** First and last index of the dot window around `index`. */
export function dotWindow(index: number, count: number, max = MAX_DOTS): [number, number] {
  if (count <= max) return [0, Math.max(0, count - 1)];
  const half = Math.floor(max / 2);
  const start = Math.min(Math.max(0, index - half), count - max);
  return [start, start + max - 1];
}
