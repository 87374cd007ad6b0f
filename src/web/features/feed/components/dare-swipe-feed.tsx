import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DareView } from '@/contracts/dares';
import { recordDareView } from '@/web/features/dares/api/record-dare-view';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { useSwipeNavigation } from '../hooks/use-swipe-navigation';
import { slideVideoMode, visibleOffsets, wrapIndex } from '../utils/swipe';
import { FeedDots } from './feed-dots';
import { FeedSlide } from './feed-slide';

// Loaded when first opened (WhenOpened).
const CommentsSheet = retryableLazy(() =>
  import('@/web/features/comments/components/comments-sheet').then((m) => ({
    default: m.CommentsSheet,
  })),
);
const VoteDialog = retryableLazy(() =>
  import('@/web/features/submissions/components/vote-dialog').then((m) => ({
    default: m.VoteDialog,
  })),
);

interface DareSwipeFeedProps {
  dares: DareView[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Names the feed for screen readers ("Active dares"). */
  label: string;
  /** Corner mute icons on the videos; off where the header has a sound button. */
  soundBadge?: boolean;
}

/** Pages ahead of the end at which the next page is asked for. */
const PREFETCH_DISTANCE = 3;

/**
 * The full-screen vertical feed: one dare at a time, the previous and next ones mounted
 * beside it (both buffered, the one a swipe brings in playing from the swipe's start),
 * everything else unmounted.
 */
export function DareSwipeFeed({
  dares,
  hasMore,
  loadingMore,
  loadMore,
  label,
  soundBadge = true,
}: DareSwipeFeedProps) {
  const [panel, setPanel] = useState<'comments' | 'vote' | null>(null);
  const wrap = !hasMore && dares.length > 1;
  const nav = useSwipeNavigation({ length: dares.length, wrap, keyboard: panel === null });
  const { index, setIndex } = nav;
  const current = dares[index] ?? null;
  const currentId = useRef<number | null>(null);
  const indexRef = useRef(index);
  indexRef.current = index;

  // Keep showing the same dare when the list around it changes (a refetch, a new page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list re-anchors
  useLayoutEffect(() => {
    const shown = indexRef.current;
    const at = currentId.current === null ? -1 : dares.findIndex((d) => d.id === currentId.current);
    if (at >= 0 && at !== shown) setIndex(at);
    else if (at < 0 && shown >= dares.length && dares.length > 0) setIndex(dares.length - 1);
  }, [dares]);

  useLayoutEffect(() => {
    currentId.current = current?.id ?? null;
  }, [current]);

  useEffect(() => {
    if (current) recordDareView(current.id);
  }, [current]);

  useEffect(() => {
    if (hasMore && !loadingMore && index >= dares.length - PREFETCH_DISTANCE) loadMore();
  }, [index, dares.length, hasMore, loadingMore, loadMore]);

  const offsets = visibleOffsets(dares.length, nav.side).filter(
    (offset) => offset === 0 || wrap || (index + offset >= 0 && index + offset < dares.length),
  );

  return (
    <>
      <section
        ref={nav.viewportRef}
        aria-roledescription="carousel"
        aria-label={label}
        className="relative size-full touch-none overflow-hidden bg-black select-none"
        {...nav.handlers}
      >
        <div ref={nav.trackRef} className="absolute inset-0 will-change-transform">
          {offsets.map((offset) => {
            const at = wrapIndex(index + offset, dares.length);
            const dare = dares[at];
            if (!dare) return null;
            const mode = slideVideoMode(offset, offset !== 0 && at === nav.arriving);
            return (
              <div
                key={dare.id}
                className="absolute inset-0"
                style={{ transform: `translate3d(0, ${offset * 100}%, 0)` }}
                inert={offset !== 0}
                aria-hidden={offset !== 0 || undefined}
              >
                <FeedSlide
                  dare={dare}
                  mode={mode}
                  position={at + 1}
                  total={dares.length}
                  onComments={() => setPanel('comments')}
                  onVote={() => setPanel('vote')}
                  soundBadge={soundBadge}
                />
              </div>
            );
          })}
        </div>
        <FeedDots index={index} count={dares.length} />
        <p className="pointer-events-none absolute top-28 left-1/2 z-10 hidden -translate-x-1/2 rounded-full bg-black/50 px-3 py-1 text-xs whitespace-nowrap text-white/85 backdrop-blur md:block">
          Use arrow keys or mouse wheel to navigate
        </p>
      </section>
      <WhenOpened open={panel === 'comments'}>
        <CommentsSheet
          dare={current}
          open={panel === 'comments'}
          onOpenChange={(open) => setPanel(open ? 'comments' : null)}
        />
      </WhenOpened>
      <WhenOpened open={panel === 'vote'}>
        <VoteDialog
          dare={current}
          open={panel === 'vote'}
          onOpenChange={(open) => setPanel(open ? 'vote' : null)}
        />
      </WhenOpened>
    </>
  );
}
