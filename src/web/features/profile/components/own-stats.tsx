import type { CurrentUser } from '@/contracts/user';
import { useUserStats } from '@/web/features/achievements/api/get-user-stats';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { formatCount } from '@/web/lib/format';
import { ProfileStats } from './profile-stats';

/**
 * The own profile's numbers (spec section 2): followers and following open their lists;
 * pledges and pledged count live and captured pledges; earned is what the completed dares
 * raised (the spec's sum of their amounts) and paid out what reached the payout account,
 * two figures so money earned shows before payouts are set up; points (achievements) open
 * the dashboard. The counts share the first row, the money the second.
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
          { label: 'Created', value: formatCount(stats.createdCount) },
          { label: 'Completed', value: formatCount(stats.completedCount) },
          // Achievement points open the Achievement Dashboard.
          { label: 'Points', value: formatCount(points?.totalPoints ?? 0), href: '/achievements' },
        ]}
      />
      <ProfileStats
        label="Your dares and money"
        stats={[
          { label: 'Pledges', value: formatCount(stats.pledgeCount) },
          { label: 'Pledged', value: formatDollars(stats.totalPledged) },
          { label: 'Earned', value: formatDollars(stats.totalEarned) },
          { label: 'Paid out', value: formatDollars(stats.totalPaidOut) },
        ]}
      />
    </div>
  );
}
