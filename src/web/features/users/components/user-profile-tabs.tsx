import { Sparkles, Trophy } from 'lucide-react';
import { useState } from 'react';
import type { DareView } from '@/contracts/dares';
import type { UserProfile } from '@/contracts/user';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { flattenDarePages } from '@/web/features/dares/api/dare-page-query';
import { useUserDares } from '@/web/features/dares/api/get-user-dares';
import { formatDollarsAndCents } from '@/web/features/dares/utils/format-dare';
import { cn } from '@/web/lib/cn';
import { UserDareCard, UserDareCardSkeletons } from './user-dare-card';

type Tab = 'dares' | 'stats' | 'completed';

/** A dt/dd pair in its own div: the one wrapper a dl allows (no div inside a div). */
function StatTile({
  label,
  value,
  className,
}: {
  label: string;
  value: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-1 rounded-2xl border border-line bg-surface px-2 py-4 text-center',
        className,
      )}
    >
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-xl font-bold text-ink">{value}</dd>
    </div>
  );
}

function DareCards({
  query,
  dares,
  empty,
  label,
}: {
  query: ReturnType<typeof useUserDares>;
  dares: DareView[];
  empty: { title: string; icon: typeof Sparkles };
  label: string;
}) {
  if (query.isPending) return <UserDareCardSkeletons />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-ink">Failed to fetch dares</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (dares.length === 0 && !query.hasNextPage) {
    return <EmptyState icon={empty.icon} title={empty.title} headingLevel={3} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="flex flex-col gap-2">
        {dares.map((dare) => (
          <li key={dare.id}>
            <UserDareCard dare={dare} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="mx-auto"
          busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </div>
  );
}

/** Dares (created and taken on), Stats, and Completed (the ones they took and finished). */
export function UserProfileTabs({ profile }: { profile: UserProfile }) {
  const [tab, setTab] = useState<Tab>('dares');
  const query = useUserDares(profile.id);
  const dares = flattenDarePages(query.data);
  const completed = dares.filter(
    (dare) => dare.status === 'completed' && dare.takerId === profile.id,
  );
  const { stats } = profile;

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value as Tab)}
      className="mt-6 flex flex-col gap-3 px-4 pb-6"
    >
      <TabsList aria-label={`@${profile.username}'s dares`}>
        <TabsTrigger value="dares">Dares</TabsTrigger>
        <TabsTrigger value="stats">Stats</TabsTrigger>
        <TabsTrigger value="completed">Completed</TabsTrigger>
      </TabsList>
      <TabsContent value="dares">
        <DareCards
          query={query}
          dares={dares}
          label="Dares"
          empty={{ title: 'No dares yet', icon: Sparkles }}
        />
      </TabsContent>
      <TabsContent value="stats">
        <dl className="grid grid-cols-2 gap-2">
          <StatTile label="Created" value={String(stats.createdCount)} />
          <StatTile label="Completed" value={String(stats.completedCount)} />
          <StatTile
            label="Total Earned"
            value={formatDollarsAndCents(stats.totalEarned)}
            className="col-span-2"
          />
        </dl>
      </TabsContent>
      <TabsContent value="completed">
        <DareCards
          query={query}
          dares={completed}
          label="Completed dares"
          empty={{ title: 'No completed dares', icon: Trophy }}
        />
      </TabsContent>
    </Tabs>
  );
}
