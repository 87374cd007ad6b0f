import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Suspense, useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { FeedTab } from '@/contracts/dares';
import { feedTabOf } from '@/domain/dare-visibility';
import { buttonClasses } from '@/web/components/ui/button';
import { LoadErrorBoundary } from '@/web/components/ui/load-error-boundary';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { useDare } from '@/web/features/dares/api/get-dare';
import { NotificationBell } from '@/web/features/notifications/components/notification-bell';
import { isApiError, isNetworkError, OFFLINE_MESSAGE } from '@/web/lib/api-client';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useFeed } from '../api/get-feed';
import { keepFeedPage } from '../api/kept-feed-page';
import { FeedScreen } from '../components/feed-screen';
import { FeedLoading, FeedMessage, FeedOffline } from '../components/feed-states';
import { FEED_TAB_LABELS, FeedTabsList, isFeedTab } from '../components/feed-tabs';
import { InfiniteDareFeed } from '../components/infinite-dare-feed';

export function FeedPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const param = params.get('tab');
  const tab: FeedTab = isFeedTab(param) ? param : 'active';
  // /?dare=<id> opens the feed on that dare (a public dare that just went live).
  const pinId = Number(params.get('dare'));

  return (
    <TabsPrimitive.Root
      value={tab}
      onValueChange={(value) =>
        navigate(value === 'active' ? '/' : `/?tab=${value}`, { replace: true })
      }
      className="contents"
    >
      <FeedScreen
        header={
          <div className="relative flex flex-col items-center gap-0.5 px-3 pt-2">
            <h1 className="text-sm font-bold tracking-wide text-white/90 uppercase">Feed</h1>
            <NotificationBell className="absolute top-0.5 right-2 text-white drop-shadow" />
            <FeedTabsList />
          </div>
        }
      >
        {/* The panel the arrow keys page through is a tab stop. Its ring is a layer over the
            video inside its edge: an outline would be clipped by the screen's overflow or
            painted under the slides. */}
        <TabsPrimitive.Content
          value={tab}
          className="relative size-full focus-visible:outline-none focus-visible:after:pointer-events-none focus-visible:after:absolute focus-visible:after:inset-0 focus-visible:after:z-30 focus-visible:after:border-3 focus-visible:after:border-accent focus-visible:after:shadow-[inset_0_0_0_2px_rgb(0_0_0/0.7)]"
        >
          <TabFeed key={tab} tab={tab} pinId={Number.isInteger(pinId) ? pinId : 0} />
        </TabsPrimitive.Content>
      </FeedScreen>
    </TabsPrimitive.Root>
  );
}

const createAction = (
  <Link href="/dare" className={buttonClasses('primary', 'md')}>
    Create a Dare
  </Link>
);

function loginForVotes(tab: FeedTab) {
  return (
    <FeedMessage
      title="Log in to see your votes"
      description="Dares you pledged to show up here when their proof is ready for your vote."
      action={
        <Link href={authPathFor(`/?tab=${tab}`)} className={buttonClasses('primary', 'md')}>
          Log in
        </Link>
      }
    />
  );
}

const OfflineFeed = retryableLazy(() =>
  import('../components/offline-feed').then((module) => ({ default: module.OfflineFeed })),
);

/**
 * Offline without the feed: the kept last page (its own chunk, precached by the service
 * worker), or, when that chunk cannot load either, just 'You're offline'.
 */
function OfflineTabFeed({
  tab,
  onRetry,
  busy,
}: {
  tab: FeedTab;
  onRetry: () => void;
  busy: boolean;
}) {
  return (
    <LoadErrorBoundary fallback={() => <FeedOffline onRetry={onRetry} busy={busy} />}>
      <Suspense fallback={<FeedLoading />}>
        <OfflineFeed tab={tab} onRetry={onRetry} busy={busy} />
      </Suspense>
    </LoadErrorBoundary>
  );
}

function TabFeed({ tab, pinId }: { tab: FeedTab; pinId: number }) {
  const { data: user } = useCurrentUser();
  const query = useFeed(tab);
  const pin = useDare(pinId);
  // The page on screen is kept for an offline reload (anonymous-safe; decision 0052).
  const firstPage = query.data?.pages[0];
  useEffect(() => {
    if (firstPage) keepFeedPage(tab, firstPage);
  }, [tab, firstPage]);
  // Only a dare that belongs to this tab; a missing one just leaves the feed as it is.
  const pinned = pin.data && feedTabOf(pin.data.status) === tab ? pin.data : null;
  if (tab === 'votes' && user === null) return loginForVotes(tab);
  return (
    <InfiniteDareFeed
      query={query}
      label={`${FEED_TAB_LABELS[tab]} dares`}
      pinned={pinned}
      pinnedPending={pinId > 0 && pin.isPending}
      empty={
        tab === 'votes' ? (
          // Nothing to create here: the tab fills with the dares the user pledged to.
          <FeedMessage
            title="Nothing to vote on"
            description="Dares you pledged to appear here when their proof is ready for your vote."
          />
        ) : (
          <FeedMessage
            title="No dares found"
            description="Be the first to create a challenge and start the fun!"
            action={createAction}
          />
        )
      }
      renderError={(error) => {
        if (isApiError(error, 401)) return loginForVotes(tab);
        // Offline (not a server out of reach, which keeps the generic error).
        if (!isNetworkError(error) || error.message !== OFFLINE_MESSAGE) return null;
        return (
          <OfflineTabFeed tab={tab} onRetry={() => void query.refetch()} busy={query.isFetching} />
        );
      }}
    />
  );
}
