/** Pitch videos get six thumbnails (spec section 9). */
export const PITCH_THUMBNAIL_COUNT = 6;

/** Frames this close to the end may not decode, so seeks stay a little before it. */
const END_MARGIN_S = 0.05;

/**
 * Evenly spaced seek times: the middle of each of `count` equal slices, so neither the
 * (often black) first frame nor the very last one is picked. An unknown or empty duration
 * gives frame 0 repeated, which still yields a usable picture.
 */
export function thumbnailTimes(durationS: number, count = PITCH_THUMBNAIL_COUNT): number[] {
  if (count <= 0) return [];
  if (!Number.isFinite(durationS) || durationS <= 0) return Array.from({ length: count }, () => 0);
  const last = Math.max(0, durationS - END_MARGIN_S);
  return Array.from({ length: count }, (_, i) => {
    const time = (durationS * (i + 0.5)) / count;
    return Math.round(Math.min(time, last) * 1000) / 1000;
  });
}
