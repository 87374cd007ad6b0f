/** Shared sound settings for every video (spec section 4 and 9). */
export const AUDIO_MUTED_KEY = 'audioMuted';
export const AUDIO_VOLUME_KEY = 'audioVolume';
export const DEFAULT_MUTED = false;
export const DEFAULT_VOLUME = 1;
export const VOLUME_STEP = 0.1;

/** 0 to 1, rounded to a tenth step's precision; anything unreadable is the default. */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_VOLUME;
  const clamped = Math.min(1, Math.max(0, value));
  return Math.round(clamped * 100) / 100;
}

/** One 0.1 step up (+1) or down (-1), staying within 0..1. */
export function stepVolume(value: number, direction: 1 | -1): number {
  const steps = Math.round(clampVolume(value) / VOLUME_STEP) + direction;
  return clampVolume(Math.round(steps) * VOLUME_STEP);
}

export function parseStoredMuted(raw: string | null): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return DEFAULT_MUTED;
}

export function parseStoredVolume(raw: string | null): number {
  if (raw === null || raw.trim() === '') return DEFAULT_VOLUME;
  return clampVolume(Number(raw));
}
