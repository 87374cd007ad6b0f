import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { isApiError } from '@/web/lib/api-client';
import { useFollowList } from '../api/get-follow-list';
import { useUserProfile } from '../api/get-user-profile';
import type { FollowListKind } from '../api/user-keys';
import { FollowListRow, FollowListSkeleton } from '../components/follow-list-row';
import { LoadMore } from '../components/load-more';
import { UserNotFound } from '../components/user-profile-states';

const TEXT: Record<FollowListKind, { title: string; empty: string; failed: string }> = {
  followers: {
    title: 'Followers',
    empty: 'No followers yet',
    failed: 'Failed to load followers',
  },
  following: {
    title: 'Following',
    empty: 'Not following anyone yet',
    failed: 'Failed to load following',
  },
};

/** `/users/{id}/followers|following`: the people, newest follow first, paged as it scrolls. */
function FollowListPage({ kind }: { kind: FollowListKind }) {
  const { userId } = useParams<{ userId: string }>();
  const id = Number(userId);
  const profile = useUserProfile(id);
  const list = useFollowList(id, kind);
  const text = TEXT[kind];
  if (!(Number.isInteger(id) && id > 0) || isApiError(list.error, 404)) {
    return <UserNotFound />;
  }

  const people = list.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode;
  if (list.isPending) body = <FollowListSkeleton />;
  else if (list.isError) {
    body = (
      <EmptyState
        icon={Users}
        title={text.failed}
        description={list.error.message}
        action={
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (people.length === 0) body = <EmptyState icon={Users} title={text.empty} />;
  else {
    body = (
      <>
        <ul aria-label={text.title} className="flex flex-col divide-y divide-line/60">
          {people.map((person) => (
            <FollowListRow key={person.id} person={person} />
          ))}
        </ul>
        {list.hasNextPage && (
          <LoadMore
            loading={list.isFetchingNextPage}
            onLoadMore={() => {
              if (!list.isFetchingNextPage) void list.fetchNextPage();
            }}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={profile.data ? `@${profile.data.username}` : undefined}
        backTo={`/users/${id}`}
      />
      <div className="py-2">{body}</div>
    </>
  );
}

export function FollowersPage() {
  return <FollowListPage kind="followers" />;
}

export function FollowingPage() {
  return <FollowListPage kind="following" />;
}
