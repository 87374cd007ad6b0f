import { Link } from 'wouter';
import type { FollowListItem } from '@/contracts/follows';
import { Avatar } from '@/web/components/ui/avatar';
import { Skeleton } from '@/web/components/ui/skeleton';
import { FollowButton } from './follow-button';

/** A person in a follower list: picture and names open their profile; follow on the right. */
export function FollowListRow({ person }: { person: FollowListItem }) {
  const name = person.displayName || person.username;
  return (
    <li className="flex items-center gap-3 px-4 py-2.5">
      <Link
        href={`/users/${person.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl"
      >
        <Avatar name={name} src={person.profilePicture} size="md" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold text-ink">{name}</span>
          <span className="truncate text-sm text-ink-muted">@{person.username}</span>
        </span>
      </Link>
      <FollowButton user={person} isFollowing={person.isFollowing} size="sm" className="w-28" />
    </li>
  );
}

export function FollowListSkeleton() {
  return (
    <div role="status" aria-label="Loading people" className="flex flex-col">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-2.5">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3.5 w-20" />
          </div>
          <Skeleton className="h-9 w-28" />
        </div>
      ))}
    </div>
  );
}
