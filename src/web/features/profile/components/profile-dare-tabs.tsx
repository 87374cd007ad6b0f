import { Bookmark, type LucideIcon, Sparkles, Trophy, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { ProfileDareGrid, ProfileDareGridSkeleton } from './profile-dare-grid';
import { type ListState, type ProfileTab as TabValue, useProfileLists } from './use-profile-lists';

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
    // The spec's "created dares", plus the challenges the user took on (marked "Taken on").
    value: 'created',
    label: 'Dares',
    icon: Sparkles,
    empty: 'No dares yet',
    description: 'Pitch a challenge and let others fund it, or take on a public challenge.',
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
    description: 'Dares you take on, finish and get approved show up here.',
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

function DareList({ tab, state }: { tab: TabSpec; state: ListState }) {
  if (state.isPending) return <ProfileDareGridSkeleton />;
  if (state.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
        <p className="text-sm text-ink">
          {tab.value === 'pledged' ? 'Failed to fetch pledges' : 'Failed to fetch dares'}
        </p>
        <Button variant="secondary" size="sm" onClick={state.refetch}>
          Try again
        </Button>
      </div>
    );
  }
  if (state.items.length === 0) return <Empty tab={tab} />;
  return (
    <ProfileDareGrid
      items={state.items}
      label={tab.value === 'created' ? 'Dares created and taken on' : `${tab.label} dares`}
      hasMore={state.hasMore}
      loadingMore={state.loadingMore}
      onLoadMore={state.loadMore}
    />
  );
}

/** The signed-in user's dares (created and taken on), pledges, completed and saved dares. */
export function ProfileDareTabs({ userId }: { userId: number }) {
  const [tab, setTab] = useState<TabValue>('created');
  const lists = useProfileLists(userId, tab);

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
      {tabs.map((item) => (
        <TabsContent key={item.value} value={item.value}>
          <DareList tab={item} state={lists[item.value]} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
