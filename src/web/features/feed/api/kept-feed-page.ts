import type { DarePage, DareView, FeedTab } from '@/contracts/dares';
import { OFFLINE_KEY_PREFIX } from '@/web/lib/offline-copies';

/**
 * The feed's last page, kept in this browser for an offline reload (decision 0052): the
 * service worker caches no API answer, since a signed-in feed carries the viewer's pledges,
 * likes and saves. Kept per tab, but never My Votes (the dares this person pledged to), and
 * only what an anonymous visitor is shown too. Forgotten when the session changes
 * (forgetOfflineCopies).
 */
const keyOf = (tab: FeedTab) => `${OFFLINE_KEY_PREFIX}feed:${tab}`;

const keptTab = (tab: FeedTab) => tab !== 'votes';

/** Listed dares that are not R-rated, with no one's pledge, like or save on them. */
export function anonymousCopy(dares: DareView[]): DareView[] {
  return dares
    .filter(
      (dare) => dare.moderationState === null && !dare.matureGate && dare.contentRating !== 'R',
    )
    .map((dare) => ({ ...dare, hasUserPledged: false, isLiked: false, isSaved: false }));
}

export function keepFeedPage(tab: FeedTab, page: DarePage) {
  if (!keptTab(tab)) return;
  try {
    localStorage.setItem(keyOf(tab), JSON.stringify(anonymousCopy(page.items)));
  } catch {
    // Storage full or blocked: the offline screen then shows no dares.
  }
}

/** The kept page as stored (not yet checked against the contract: offline-feed.tsx does). */
export function keptFeedPage(tab: FeedTab): unknown {
  if (!keptTab(tab)) return null;
  try {
    const raw = localStorage.getItem(keyOf(tab));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
