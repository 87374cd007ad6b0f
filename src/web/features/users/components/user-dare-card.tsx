import { ImageOff } from 'lucide-react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StatusBadge } from '@/web/features/dares/components/status-badge';
import { darePosterUrl } from '@/web/features/dares/utils/dare-media';
import { formatDollars } from '@/web/features/dares/utils/format-dare';

/** The other-user profile's labels (spec section 2): Completed, Active, Verifying, else Pending. */
export function profileStatusLabel(status: string): string {
  if (status === 'completed') return 'Completed';
  if (status === 'active') return 'Active';
  if (status === 'verification') return 'Verifying';
  return 'Pending';
}

/** A dare on someone's profile: cover, title, description, money raised and the target. */
export function UserDareCard({ dare }: { dare: DareView }) {
  const poster = darePosterUrl(dare);
  return (
    <Link
      href={`/dares/${dare.id}`}
      className="flex gap-3 rounded-2xl border border-line bg-surface p-2.5 transition-colors hover:bg-surface-raised"
    >
      <div className="relative aspect-[3/4] w-20 shrink-0 overflow-hidden rounded-xl bg-surface-raised">
        {poster ? (
          <img src={poster} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <ImageOff className="absolute inset-0 m-auto size-6 text-ink-muted" aria-hidden="true" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-0.5">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 font-semibold break-words text-ink">{dare.title}</h3>
          <StatusBadge status={dare.status} label={profileStatusLabel(dare.status)} />
        </div>
        <p className="line-clamp-2 text-xs break-words text-ink-muted">{dare.description}</p>
        <p className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
          <span className="font-semibold text-accent">
            {formatDollars(dare.currentAmount)} raised
          </span>
          <span className="text-xs text-ink-muted">Target: {formatDollars(dare.targetAmount)}</span>
        </p>
      </div>
    </Link>
  );
}

export function UserDareCardSkeletons() {
  return (
    <div role="status" aria-label="Loading dares" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-[122px] w-full rounded-2xl" />
      ))}
    </div>
  );
}
