import type { CurrentUser } from '@/contracts/user';
import { useUserStats } from '@/web/features/achievements/api/get-user-stats';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { formatCount } from '@/web/lib/format';
import { ProfileStats } from './profile-stats';

/**
 * The own profile's numbers (spec section 2): followers and following open their lists;
 * pledges and pledged count live and captured pledges; earned is what was paid out; points
 * (achievements) open the dashboard.
 */
export function OwnStats({ user }: { user: CurrentUser }) {
  const { stats } = user;
  const { data: points } = useUserStats(user.id);
  return (
    <div className="mt-4 flex w-full flex-col items-center gap-2">
      <ProfileStats
        label="Your people"
        stats={[
          {
            label: 'Followers',
            value: formatCount(user.followerCount),
            href: `/users/${user.id}/followers`,
          },
          {
            label: 'Following',
            value: formatCount(user.followingCount),
            href: `/users/${user.id}/following`,
          },
          { label: 'Completed', value: formatCount(stats.completedCount) },
          // Achievement points open the Achievement Dashboard.
          { label: 'Points', value: formatCount(points?.totalPoints ?? 0), href: '/achievements' },
        ]}
      />
      <ProfileStats
        label="Your dares and money"
        stats={[
          { label: 'Created', value: formatCount(stats.createdCount) },
          { label: 'Pledges', value: formatCount(stats.pledgeCount) },
          { label: 'Pledged', value: formatDollars(stats.totalPledged) },
          { label: 'Earned', value: formatDollars(stats.totalEarned) },
        ]}
      />
    </div>
  );
}
