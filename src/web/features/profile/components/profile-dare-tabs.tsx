import { Bookmark, type LucideIcon, Sparkles, Trophy, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { flattenDarePages } from '@/web/features/dares/api/dare-page-query';
import { useSavedDares } from '@/web/features/dares/api/get-saved-dares';
import { useUserDares } from '@/web/features/dares/api/get-user-dares';
import { ProfileDareGrid, ProfileDareGridSkeleton } from './profile-dare-grid';

type TabValue = 'created' | 'pledged' | 'completed' | 'saved';

interface TabSpec {
  value: TabValue;
  label: string;
  icon: LucideIcon;
  empty: string;
  description: string;
  action: { href: string; label: string };
}

const tabs: TabSpec[] = [
  {
    value: 'created',
    label: 'Created',
    icon: Sparkles,
    empty: 'No dares created yet',
    description: 'Pitch a challenge and let others fund it.',
    action: { href: '/dare', label: 'Create a Dare' },
  },
  {
    value: 'pledged',
    label: 'Pledged',
    icon: Wallet,
    empty: 'No pledges yet',
    description: 'Back a dare you want to see happen.',
    action: { href: '/', label: 'Browse Dares' },
  },
  {
    value: 'completed',
    label: 'Completed',
    icon: Trophy,
    empty: 'No completed dares yet',
    description: 'Dares you finish and get approved show up here.',
    action: { href: '/', label: 'Find a Dare' },
  },
  {
    value: 'saved',
    label: 'Saved',
    icon: Bookmark,
    empty: 'No saved dares yet',
    description: 'Tap the bookmark on a dare in the feed to keep it here.',
    action: { href: '/', label: 'Browse Dares' },
  },
];

function Empty({ tab }: { tab: TabSpec }) {
  return (
    <EmptyState
      icon={tab.icon}
      title={tab.empty}
      description={tab.description}
      headingLevel={3}
      action={
        <Link href={tab.action.href} className={buttonClasses('primary', 'md')}>
          {tab.action.label}
        </Link>
      }
    />
  );
}

interface ListState {
  dares: DareView[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

function DareList({ tab, state }: { tab: TabSpec; state: ListState }) {
  if (state.isPending) return <ProfileDareGridSkeleton />;
  if (state.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-ink">Couldn't load your dares</p>
        <Button variant="secondary" size="sm" onClick={state.refetch}>
          Try again
        </Button>
      </div>
    );
  }
  if (state.dares.length === 0) return <Empty tab={tab} />;
  return (
    <ProfileDareGrid
      dares={state.dares}
      label={`${tab.label} dares`}
      hasMore={state.hasMore}
      loadingMore={state.loadingMore}
      onLoadMore={state.loadMore}
    />
  );
}

/** Created, pledged, completed and saved dares of the signed-in user. */
export function ProfileDareTabs({ userId }: { userId: number }) {
  const [tab, setTab] = useState<TabValue>('created');
  const created = useUserDares(userId);
  const saved = useSavedDares(tab === 'saved');
  const createdDares = flattenDarePages(created.data);
  const fromQuery = (query: typeof created, dares: DareView[]): ListState => ({
    dares,
    isPending: query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  });
  const lists: Partial<Record<TabValue, ListState>> = {
    created: fromQuery(created, createdDares),
    completed: fromQuery(
      created,
      createdDares.filter((dare) => dare.status === 'completed'),
    ),
    saved: fromQuery(saved, flattenDarePages(saved.data)),
  };

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value as TabValue)}
      className="mt-6 flex flex-col gap-3 px-4 pb-6"
    >
      <TabsList aria-label="Your dares">
        {tabs.map((item) => (
          <TabsTrigger key={item.value} value={item.value} className="px-1 text-[13px]">
            <item.icon className="hidden size-4 min-[400px]:block" aria-hidden="true" />
            {item.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((item) => {
        const state = lists[item.value];
        return (
          <TabsContent key={item.value} value={item.value}>
            {state ? <DareList tab={item} state={state} /> : <Empty tab={item} />}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
