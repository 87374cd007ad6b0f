import {
  Flame,
  type LucideIcon,
  Rocket,
  SearchX,
  Star,
  TrendingUp,
  TriangleAlert,
  Trophy,
} from 'lucide-react';
import { useState } from 'react';
import { TRENDING_TYPES } from '@/contracts/dare-values';
import type { TrendingType } from '@/contracts/dares';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { loadFailureText } from '@/web/lib/api-client';
import { useTrendingDares } from '../api/get-trending';
import { LeaderboardPanel } from '../components/leaderboard-panel';
import { TrendingCard } from '../components/trending-card';

const TABS: Record<TrendingType, { label: string; icon: LucideIcon; description: string }> = {
  hot: {
    label: 'Hot',
    icon: Flame,
    description: 'The hottest dares, fastest growing pledges in the last 24 hours.',
  },
  rising: {
    label: 'Rising',
    icon: TrendingUp,
    description: 'Quickly gaining attention and pledges.',
  },
  popular: { label: 'Popular', icon: Rocket, description: 'Most viewed and pledged of all time.' },
  featured: { label: 'Featured', icon: Star, description: 'Staff picks.' },
};

/** The dare rankings plus the people's leaderboards (issue 13, beyond the spec). */
type TrendingTab = TrendingType | 'leaders';

export function TrendingPage() {
  const [type, setType] = useState<TrendingTab>('hot');
  return (
    <>
      <PageHeader title="Trending" backTo="/discover" />
      <Tabs
        value={type}
        onValueChange={(value) => setType(value as TrendingTab)}
        className="flex flex-col gap-3 px-4 pt-3 pb-6"
      >
        <TabsList aria-label="Trending lists">
          {TRENDING_TYPES.map((value) => {
            const Icon = TABS[value].icon;
            return (
              <TabsTrigger key={value} value={value} className="gap-1 px-1 text-xs">
                <Icon className="hidden size-4 min-[420px]:block" aria-hidden="true" />
                {TABS[value].label}
              </TabsTrigger>
            );
          })}
          <TabsTrigger value="leaders" className="gap-1 px-1 text-xs">
            <Trophy className="hidden size-4 min-[420px]:block" aria-hidden="true" />
            Leaders
          </TabsTrigger>
        </TabsList>
        {TRENDING_TYPES.map((value) => (
          <TabsContent key={value} value={value} className="flex flex-col gap-3">
            <p className="text-sm text-ink-muted">{TABS[value].description}</p>
            <TrendingList type={value} />
          </TabsContent>
        ))}
        <TabsContent value="leaders" className="flex flex-col gap-3">
          <LeaderboardPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}

function TrendingList({ type }: { type: TrendingType }) {
  const query = useTrendingDares(type);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading trending dares" className="flex flex-col gap-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-[140px] w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={TriangleAlert}
        title="Failed to load trending dares"
        description={loadFailureText(query.error, 'Please try again later')}
        headingLevel={2}
        action={
          <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const dares = query.data.items;
  if (dares.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title="No trending dares found"
        description="Check back soon for new trending content"
        headingLevel={2}
      />
    );
  }
  return (
    <ol aria-label={`${TABS[type].label} dares`} className="flex flex-col gap-3">
      {dares.map((dare, i) => (
        <li key={dare.id}>
          <TrendingCard dare={dare} rank={i + 1} />
        </li>
      ))}
    </ol>
  );
}
