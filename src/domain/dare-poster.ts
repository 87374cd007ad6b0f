import type { DareView } from '@/contracts/dares';
import type { InitialData } from '@/contracts/initial-data';

/**
 * The still shown before a dare's video plays: cover, else the proof's or the pitch's poster
 * frame. Shared by the screens and the server, which preloads it as the page's largest image.
 */
export function darePosterUrl(
  dare: Pick<DareView, 'coverImage' | 'pitchPoster' | 'submission'>,
): string | null {
  return dare.coverImage || dare.submission?.thumbnailUrl || dare.pitchPoster || null;
}

/**
 * The splash's backdrop: the first slide's poster when the page came with a swipe feed's
 * first page (`/` for an anonymous visitor, /discover), else none. The server paints it into
 * the HTML and the client's Splash keeps it, so both ask here.
 */
export function splashBackdropOf(data: Pick<InitialData, 'feed' | 'publicDares'>): string | null {
  const firstSlide = (data.feed ?? data.publicDares)?.items[0];
  return firstSlide ? darePosterUrl(firstSlide) : null;
}
