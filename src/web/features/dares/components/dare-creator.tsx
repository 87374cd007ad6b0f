import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { isDeletedUser } from '@/contracts/deleted-user';
import { Avatar } from '@/web/components/ui/avatar';
import { nameOf } from '../utils/format-dare';

/** Who created the dare; opens their profile (a deleted account has none: decision 0046). */
export function DareCreator({ dare }: { dare: DareView }) {
  const name = nameOf(dare.creator);
  if (isDeletedUser(dare.creator)) {
    return (
      <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
        <Avatar name={name} size="md" />
        <span className="min-w-0 flex-1 truncate font-semibold text-ink-muted">{name}</span>
      </div>
    );
  }
  return (
    <Link
      href={`/users/${dare.creatorId}`}
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3 transition-colors hover:bg-surface-raised"
    >
      <Avatar name={name} src={dare.creator.profilePicture} size="md" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink">{name}</span>
        <span className="block truncate text-sm text-ink-muted">@{dare.creator.username}</span>
      </span>
      <span className="sr-only">View profile</span>
      <ChevronRight className="size-5 text-ink-muted" aria-hidden="true" />
    </Link>
  );
}
