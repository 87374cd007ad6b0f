import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Link, useLocation, useSearch } from 'wouter';
import type { FeedTab } from '@/contracts/dares';
import { buttonClasses } from '@/web/components/ui/button';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { isApiError } from '@/web/lib/api-client';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useFeed } from '../api/get-feed';
import { FeedScreen } from '../components/feed-screen';
import { FeedMessage } from '../components/feed-states';
import { FEED_TAB_LABELS, FeedTabsList, isFeedTab } from '../components/feed-tabs';
import { InfiniteDareFeed } from '../components/infinite-dare-feed';

export function FeedPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const param = new URLSearchParams(search).get('tab');
  const tab: FeedTab = isFeedTab(param) ? param : 'active';

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
          <div className="flex flex-col items-center gap-0.5 px-3 pt-2">
            <h1 className="text-sm font-bold tracking-wide text-white/90 uppercase">Feed</h1>
            <FeedTabsList />
          </div>
        }
      >
        <TabsPrimitive.Content value={tab} className="size-full focus-visible:outline-none">
          <TabFeed key={tab} tab={tab} />
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

function TabFeed({ tab }: { tab: FeedTab }) {
  const { data: user } = useCurrentUser();
  const query = useFeed(tab);
  if (tab === 'votes' && user === null) return loginForVotes(tab);
  return (
    <InfiniteDareFeed
      query={query}
      label={`${FEED_TAB_LABELS[tab]} dares`}
      empty={
        <FeedMessage
          title="No dares found"
          description="Be the first to create a challenge and start the fun!"
          action={createAction}
        />
      }
      renderError={(error) => (isApiError(error, 401) ? loginForVotes(tab) : null)}
    />
  );
}
