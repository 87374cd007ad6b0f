import type { DareView } from '@/contracts/dares';

/**
 * The still shown before a dare's video plays: cover, else the proof's or the pitch's poster
 * frame. Shared by the screens and the server, which preloads it as the page's largest image.
 */
export function darePosterUrl(
  dare: Pick<DareView, 'coverImage' | 'pitchPoster' | 'submission'>,
): string | null {
  return dare.coverImage || dare.submission?.thumbnailUrl || dare.pitchPoster || null;
}
