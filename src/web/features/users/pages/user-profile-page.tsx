import { Share2, Users } from 'lucide-react';
import { Link, Redirect, useParams } from 'wouter';
import type { UserProfile } from '@/contracts/user';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { PersonMenu } from '@/web/features/blocks/components/person-menu';
import { ChallengeButton } from '@/web/features/dare-requests/components/challenge-button';
import { MessageButton } from '@/web/features/inbox/components/message-button';
import { ProfileStats } from '@/web/features/profile/components/profile-stats';
import { ProfileSummary } from '@/web/features/profile/components/profile-summary';
import { shareProfile } from '@/web/features/profile/utils/share-profile';
import { ReportButton } from '@/web/features/reports/components/report-button';
import { isApiError } from '@/web/lib/api-client';
import { formatCount } from '@/web/lib/format';
import { useUserProfile } from '../api/get-user-profile';
import { FollowButton } from '../components/follow-button';
import {
  UserNotFound,
  UserProfileError,
  UserProfileSkeleton,
} from '../components/user-profile-states';
import { UserProfileTabs } from '../components/user-profile-tabs';

/**
 * A profile action in the three-column row, never wider than its column: tighter padding,
 * and the icons (not the busy spinner) only where a column has room for icon and word.
 */
const ROW_BUTTON =
  'min-w-0 gap-1.5 px-2 [&>svg:not(.animate-spin)]:hidden min-[400px]:[&>svg:not(.animate-spin)]:block';

const isUserId = (value: number) => Number.isInteger(value) && value > 0 && value < 2 ** 31;

/** `/users/{id}`: another user's profile; the viewer's own id goes to /profile. */
export function UserProfilePage() {
  const { userId } = useParams<{ userId: string }>();
  const id = Number(userId);
  const { data: viewer, isPending } = useCurrentUser();
  if (isPending) return <PageFallback />;
  if (viewer && viewer.id === id) return <Redirect to="/profile" replace />;
  if (!isUserId(id)) return <UserNotFound />;
  return <OtherProfile userId={id} />;
}

function ShareButton({ profile }: { profile: UserProfile }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Share profile"
      onClick={() => void shareProfile(profile)}
    >
      <Share2 className="size-5" aria-hidden="true" />
    </Button>
  );
}

function OtherProfile({ userId }: { userId: number }) {
  const query = useUserProfile(userId);
  if (isApiError(query.error, 404) || isApiError(query.error, 400)) return <UserNotFound />;
  if (query.isError) {
    return (
      <>
        <PageHeader title="Profile" />
        <UserProfileError message={query.error.message} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        <PageHeader title={<Skeleton className="h-6 w-32" />} />
        <UserProfileSkeleton />
      </>
    );
  }
  const profile = query.data;
  return (
    <>
      <PageHeader
        title={profile.username}
        actions={
          <div className="flex items-center">
            <ShareButton profile={profile} />
            <ReportButton
              target={{ type: 'user', id: profile.id }}
              label="Report account"
              className="size-10 justify-center rounded-full text-ink hover:bg-surface-raised [&>svg]:size-5"
            />
            <PersonMenu user={profile} />
          </div>
        }
      />
      <ProfileSummary user={profile}>
        {/* Three equal columns: 'Following', 'Challenge' and 'Message' with their icons were
            427 px on a 390 px phone and pushed Message off screen (issue 19). */}
        <div className="mt-4 grid w-full max-w-sm grid-cols-3 gap-2">
          <FollowButton user={profile} isFollowing={profile.isFollowing} className={ROW_BUTTON} />
          <ChallengeButton user={profile} className={ROW_BUTTON} />
          <MessageButton userId={profile.id} className={ROW_BUTTON} />
        </div>
        <ProfileStats
          className="mt-4"
          label={`@${profile.username}'s counts`}
          stats={[
            { label: 'Followers', value: formatCount(profile.followerCount) },
            { label: 'Following', value: formatCount(profile.followingCount) },
            { label: 'Completed', value: formatCount(profile.stats.completedCount) },
          ]}
        />
        <div className="mt-3 flex w-full max-w-sm gap-2">
          <Link
            href={`/users/${profile.id}/followers`}
            className={buttonClasses('secondary', 'sm', 'flex-1')}
          >
            <Users className="size-4" aria-hidden="true" />
            View Followers
          </Link>
          <Link
            href={`/users/${profile.id}/following`}
            className={buttonClasses('secondary', 'sm', 'flex-1')}
          >
            <Users className="size-4" aria-hidden="true" />
            View Following
          </Link>
        </div>
      </ProfileSummary>
      <UserProfileTabs profile={profile} />
    </>
  );
}
