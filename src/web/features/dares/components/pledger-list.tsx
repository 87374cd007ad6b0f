import { HandCoins } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { isOpenForPledges } from '@/domain/pledges';
import { Avatar } from '@/web/components/ui/avatar';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDarePledges } from '../api/get-dare-pledges';
import { formatDollars, formatRelativeTime } from '../utils/format-dare';

/** Everyone who pledged, newest first, in a scrollable box. */
export function PledgerList({ dare }: { dare: Pick<DareView, 'id' | 'status' | 'expiresAt'> }) {
  const pledges = useDarePledges(dare.id);
  // Inviting a first pledge is only true while pledges can still be made.
  const empty = isOpenForPledges(dare)
    ? 'Be the first to pledge!'
    : 'This dare is closed to pledges.';
  return (
    <section aria-labelledby="pledgers-heading" className="flex flex-col gap-2">
      <h3 id="pledgers-heading" className="font-semibold text-ink">
        Pledgers
      </h3>
      <div className="max-h-72 overflow-y-auto rounded-2xl border border-line bg-surface">
        {pledges.isPending && (
          <div role="status" aria-label="Loading pledgers" className="flex flex-col gap-3 p-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {pledges.isError && <p className="p-4 text-sm text-danger">Failed to fetch pledges</p>}
        {pledges.data?.length === 0 && (
          <p className="flex items-center justify-center gap-2 p-6 text-sm text-ink-muted">
            <HandCoins className="size-4" aria-hidden="true" />
            {empty}
          </p>
        )}
        {pledges.data && pledges.data.length > 0 && (
          <ul className="divide-y divide-line">
            {pledges.data.map((pledge) => {
              const name =
                pledge.user.displayName || pledge.user.username || `User #${pledge.userId}`;
              return (
                <li key={pledge.id} className="flex items-center gap-3 px-3 py-2.5">
                  <Avatar name={name} src={pledge.user.profilePicture} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-ink">{name}</p>
                    <p className="text-xs text-ink-muted">{formatRelativeTime(pledge.createdAt)}</p>
                  </div>
                  <span className="font-semibold text-accent">{formatDollars(pledge.amount)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
