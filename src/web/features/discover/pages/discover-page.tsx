import { TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { FeedScreen } from '@/web/features/feed/components/feed-screen';
import { FeedMessage } from '@/web/features/feed/components/feed-states';
import { InfiniteDareFeed } from '@/web/features/feed/components/infinite-dare-feed';
import { usePublicDares } from '../api/get-public-dares';
import { SoundToggle } from '../components/sound-toggle';

export function DiscoverPage() {
  const query = usePublicDares();
  return (
    <FeedScreen
      header={
        <div className="flex items-start gap-2 px-4 pt-3">
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
        </div>
      }
    >
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
    </FeedScreen>
  );
}
