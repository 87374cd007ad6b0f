import { Flame } from 'lucide-react';
import { Link } from 'wouter';
import type { SearchDare, SearchPerson } from '@/contracts/search';
import { Avatar } from '@/web/components/ui/avatar';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StatusBadge } from '@/web/features/dares/components/status-badge';
import { formatDollars, nameOf } from '@/web/features/dares/utils/format-dare';

const rowClasses =
  'flex min-h-16 items-center gap-3 rounded-2xl px-3 py-2 transition-colors hover:bg-surface-raised focus-visible:bg-surface-raised focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand/60';

/** Avatar, name and @username; opens the profile. */
export function PersonRow({ person }: { person: SearchPerson }) {
  const name = nameOf(person);
  return (
    <li>
      <Link href={`/users/${person.id}`} className={rowClasses}>
        <Avatar name={name} src={person.profilePicture} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-ink">{name}</span>
          <span className="block truncate text-sm text-ink-muted">@{person.username}</span>
        </span>
      </Link>
    </li>
  );
}

/** Cover, title, status and amount raised; opens the dare. */
export function DareRow({ dare }: { dare: SearchDare }) {
  const cover = dare.coverImage ?? dare.pitchPoster;
  return (
    <li>
      <Link href={`/dares/${dare.id}`} className={rowClasses}>
        {cover ? (
          <img
            src={cover}
            alt=""
            className="size-14 shrink-0 rounded-xl bg-surface-raised object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-strong to-cyan-700 text-white"
          >
            <Flame className="size-6" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 font-semibold break-words text-ink">{dare.title}</span>
          <span className="mt-1 flex items-center gap-2 text-sm text-ink-muted">
            <StatusBadge status={dare.status} />
            <span className="truncate">
              <span className="font-semibold text-ink">{formatDollars(dare.currentAmount)}</span> of{' '}
              {formatDollars(dare.targetAmount)}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Placeholder rows while the first page of a section loads. */
export function RowSkeletons({ count, square }: { count: number; square?: boolean }) {
  return (
    <ul aria-hidden="true" className="space-y-1">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <li key={index} className="flex min-h-16 items-center gap-3 px-3 py-2">
          {square ? (
            <Skeleton className="size-14 shrink-0" />
          ) : (
            <span className="size-9 shrink-0 animate-pulse rounded-full bg-surface-raised" />
          )}
          <span className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-3 w-2/5" />
          </span>
        </li>
      ))}
    </ul>
  );
}
