import { ImageOff } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { statusBadge } from '@/web/features/dares/utils/format-dare';
import { CancelPledgeButton } from '@/web/features/pledges/components/cancel-pledge-button';
import { cn } from '@/web/lib/cn';

/** Status dots of the profile grid (spec section 2): completed green, active blue, other amber. */
export function statusDotClass(status: string): string {
  if (status === 'completed') return 'bg-emerald-400';
  if (status === 'active') return 'bg-sky-400';
  return 'bg-amber-400';
}

/** One tile: a dare, plus what it means to the profile's owner. */
export type ProfileGridItem = {
  dareId: number;
  title: string;
  /** The dare's status (the dot). */
  status: string;
  poster: string | null;
  /** A line under the title, e.g. "$15 · Authorized" on the Pledged tab. */
  note?: string;
  /** A chip on the cover, e.g. "Taken on" for a dare someone else created. */
  marker?: string;
  /** A follow-up action under the tile (finishing an unpaid pledge). */
  action?: { href: string; label: string };
  /** The owner's pledges on this dare they may still cancel (Pledged tab). */
  cancel?: { pledgeIds: number[]; amount: number };
};

export function ProfileDareGridSkeleton() {
  return (
    <div role="status" aria-label="Loading dares" className="grid grid-cols-3 gap-1.5">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} className="aspect-[3/4] w-full rounded-lg" />
      ))}
    </div>
  );
}

function Tile({ item }: { item: ProfileGridItem }) {
  return (
    <Link
      href={`/dares/${item.dareId}`}
      className="relative block aspect-[3/4] overflow-hidden rounded-lg bg-surface-raised"
    >
      {item.poster ? (
        <img src={item.poster} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <ImageOff className="absolute inset-0 m-auto size-6 text-ink-muted" aria-hidden="true" />
      )}
      {item.marker && (
        <span className="absolute top-1.5 left-1.5 rounded-full bg-black/70 px-1.5 py-0.5 text-[10px] font-semibold text-white">
          {item.marker}
        </span>
      )}
      <span
        title={statusBadge(item.status)}
        className={cn(
          'absolute top-1.5 right-1.5 size-2.5 rounded-full ring-2 ring-black/50',
          statusDotClass(item.status),
        )}
      />
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent px-1.5 pt-5 pb-1.5 text-xs leading-tight font-semibold text-white">
        <span className="line-clamp-2">{item.title}</span>
        {item.note && (
          <span className="mt-0.5 block text-[11px] font-medium text-white/85">{item.note}</span>
        )}
        <span className="sr-only">, {statusBadge(item.status)}</span>
      </span>
    </Link>
  );
}

interface ProfileDareGridProps {
  items: ProfileGridItem[];
  label: string;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

/** Three columns of dare covers, each opening its dare. */
export function ProfileDareGrid({
  items,
  label,
  hasMore,
  loadingMore,
  onLoadMore,
}: ProfileDareGridProps) {
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="grid grid-cols-3 gap-1.5">
        {items.map((item) => (
          <li key={item.dareId} className="flex flex-col gap-1">
            <Tile item={item} />
            {item.action && (
              <Link
                href={item.action.href}
                className="rounded-md bg-brand/15 px-1 py-1 text-center text-[11px] font-semibold text-brand"
              >
                {item.action.label}
              </Link>
            )}
            {item.cancel && (
              <CancelPledgeButton
                pledgeIds={item.cancel.pledgeIds}
                amount={item.cancel.amount}
                size="sm"
                className="h-7 px-1 text-[11px]"
              />
            )}
          </li>
        ))}
      </ul>
      {hasMore && onLoadMore && (
        <Button
          variant="ghost"
          size="sm"
          className="mx-auto"
          busy={loadingMore}
          onClick={onLoadMore}
        >
          Show more
        </Button>
      )}
    </div>
  );
}
