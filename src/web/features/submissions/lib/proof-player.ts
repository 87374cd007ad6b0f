import { clampVolume } from '@/web/features/video/utils/audio';

/** Spec section 9: the vote modal's preview starts at 0.7 and skips 10 s forward. */
export const PROOF_DEFAULT_VOLUME = 0.7;
export const SKIP_SECONDS = 10;

/** The time after a skip forward, never past the end (an unknown duration does not limit). */
export function skipForward(current: number, duration: number): number {
  const next = current + SKIP_SECONDS;
  return Number.isFinite(duration) && duration > 0 ? Math.min(next, duration) : next;
}

/** The volume slider's value, clamped to 0..1 (an unreadable value falls back to 0.7). */
export function proofVolume(value: number): number {
  return Number.isFinite(value) ? clampVolume(value) : PROOF_DEFAULT_VOLUME;
}

/** "1:05" */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
