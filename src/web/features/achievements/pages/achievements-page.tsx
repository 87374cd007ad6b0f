import { Rocket, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import type { AchievementView } from '@/contracts/achievements';
import { ACHIEVEMENT_CATEGORIES } from '@/domain/achievements';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { loadFailureText } from '@/web/lib/api-client';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useAchievements } from '../api/get-achievements';
import { useUserStats } from '../api/get-user-stats';
import { AchievementCard } from '../components/achievement-card';
import { StatTiles } from '../components/stat-tiles';
import { CATEGORY_LABELS } from '../lib/rarity';

const TABS = ['all', ...ACHIEVEMENT_CATEGORIES] as const;

/** /achievements: the Achievement Dashboard (spec section 2). */
export function AchievementsPage() {
  const { data: user } = useCurrentUser();
  const list = useAchievements();
  const stats = useUserStats(user?.id);
  const items = list.data ?? [];
  const unlocked = items.filter((a) => a.isUnlocked);

  return (
    <div className="min-h-full">
      <PageHeader title="Achievement Dashboard" backTo="/profile" />
      <div className="space-y-4 p-4">
        {list.isPending && <Loading />}
        {/* A failed refetch keeps the list shown; it may have come with the page. */}
        {list.isError && !list.data && (
          <div role="alert">
            <EmptyState
              icon={Trophy}
              title="Could not load achievements"
              description={loadFailureText(list.error, 'Check your connection and try again.')}
              action={<Button onClick={() => void list.refetch()}>Try again</Button>}
            />
          </div>
        )}
        {list.data && (
          <>
            {user ? (
              <StatTiles
                stats={{
                  totalPoints:
                    stats.data?.totalPoints ?? unlocked.reduce((sum, a) => sum + a.points, 0),
                  unlocked: stats.data?.achievementsCount ?? unlocked.length,
                  total: items.length,
                  recent: stats.data?.recentAchievements.length ?? 0,
                }}
              />
            ) : (
              <SignInPrompt />
            )}
            {user && unlocked.length === 0 && <StartYourJourney />}
            <CategoryTabs items={items} />
          </>
        )}
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div role="status" aria-busy="true" className="space-y-3">
      <p className="text-center text-sm text-ink-muted">Loading your achievements...</p>
      <div className="grid grid-cols-3 gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-28 w-full" />
      ))}
    </div>
  );
}

function StartYourJourney() {
  return (
    <section className="rounded-2xl border border-brand/40 bg-brand/10 p-4 text-center">
      <Rocket className="mx-auto size-7 text-brand" aria-hidden="true" />
      <h2 className="mt-2 text-lg font-semibold text-ink">Start Your Journey!</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Create your first dare to begin unlocking achievements.
      </p>
      <Link href="/dare" className={buttonClasses('primary', 'sm', 'mt-3')}>
        Create a Dare
      </Link>
    </section>
  );
}

function SignInPrompt() {
  return (
    <section className="rounded-2xl border border-line bg-surface p-4 text-center">
      <h2 className="font-semibold text-ink">Log in to track your achievements</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Earn points as you create, back and complete dares.
      </p>
      <Link href={authPathFor('/achievements')} className={buttonClasses('primary', 'sm', 'mt-3')}>
        Log in
      </Link>
    </section>
  );
}

function CategoryTabs({ items }: { items: AchievementView[] }) {
  return (
    <Tabs defaultValue="all">
      <TabsList aria-label="Achievement categories" className="overflow-x-auto">
        {TABS.map((tab) => (
          <TabsTrigger key={tab} value={tab} className="flex-auto px-1.5 text-xs">
            {CATEGORY_LABELS[tab]}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((tab) => {
        const shown = tab === 'all' ? items : items.filter((a) => a.category === tab);
        return (
          <TabsContent key={tab} value={tab} className="mt-3 space-y-3">
            {shown.length === 0 ? (
              <p className="py-8 text-center text-sm text-ink-muted">
                No achievements in this category
              </p>
            ) : (
              shown.map((a) => <AchievementCard key={a.id} achievement={a} />)
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
