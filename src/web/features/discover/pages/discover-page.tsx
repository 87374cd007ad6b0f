import { TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { FeedScreen } from '@/web/features/feed/components/feed-screen';
import { FeedMessage } from '@/web/features/feed/components/feed-states';
import { InfiniteDareFeed } from '@/web/features/feed/components/infinite-dare-feed';
import { SearchBox } from '@/web/features/search/components/search-box';
import { SearchResults } from '@/web/features/search/components/search-results';
import { useDiscoverSearch } from '@/web/features/search/hooks/use-discover-search';
import { usePublicDares } from '../api/get-public-dares';
import { SoundToggle } from '../components/sound-toggle';
import { TestEmailBox } from '../components/test-email-box';

export function DiscoverPage() {
  const query = usePublicDares();
  const search = useDiscoverSearch();
  return (
    <FeedScreen
      header={
        <div className="flex flex-wrap items-start gap-2 px-4 pt-3">
          <div className="min-w-0 flex-1 text-white">
            <h1 className="text-xl font-bold tracking-tight">Discover</h1>
            <p className="text-sm text-white/80">Public dares from the community</p>
          </div>
          <Link
            href="/trending"
            aria-label="Trending dares"
            className="flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15"
          >
            <TrendingUp className="size-6" aria-hidden="true" />
          </Link>
          <SoundToggle />
          <SearchBox search={search} />
          <TestEmailBox />
        </div>
      }
    >
      {search.query ? (
        <SearchResults query={search.query} topOffset={search.headerHeight} />
      ) : (
        <InfiniteDareFeed
          query={query}
          label="Public dares"
          soundBadge={false}
          empty={
            <FeedMessage
              title="No public dares available"
              description="Check back later for community challenges"
            />
          }
        />
      )}
    </FeedScreen>
  );
}
