import { ImageOff } from 'lucide-react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { darePosterUrl } from '@/web/features/dares/utils/dare-media';
import { statusBadge } from '@/web/features/dares/utils/format-dare';
import { cn } from '@/web/lib/cn';

/** Status dots of the profile grid (spec section 2): completed green, active blue, other amber. */
export function statusDotClass(status: string): string {
  if (status === 'completed') return 'bg-emerald-400';
  if (status === 'active') return 'bg-sky-400';
  return 'bg-amber-400';
}

export function ProfileDareGridSkeleton() {
  return (
    <div role="status" aria-label="Loading dares" className="grid grid-cols-3 gap-1.5">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} className="aspect-[3/4] w-full rounded-lg" />
      ))}
    </div>
  );
}

interface ProfileDareGridProps {
  dares: DareView[];
  label: string;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

/** Three columns of dare covers, each opening its dare. */
export function ProfileDareGrid({
  dares,
  label,
  hasMore,
  loadingMore,
  onLoadMore,
}: ProfileDareGridProps) {
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="grid grid-cols-3 gap-1.5">
        {dares.map((dare) => {
          const poster = darePosterUrl(dare);
          return (
            <li key={dare.id}>
              <Link
                href={`/dares/${dare.id}`}
                className="relative block aspect-[3/4] overflow-hidden rounded-lg bg-surface-raised"
              >
                {poster ? (
                  <img src={poster} alt="" loading="lazy" className="size-full object-cover" />
                ) : (
                  <ImageOff
                    className="absolute inset-0 m-auto size-6 text-ink-muted"
                    aria-hidden="true"
                  />
                )}
                <span
                  title={statusBadge(dare.status)}
                  className={cn(
                    'absolute top-1.5 right-1.5 size-2.5 rounded-full ring-2 ring-black/50',
                    statusDotClass(dare.status),
                  )}
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 to-transparent px-1.5 pt-5 pb-1.5 text-xs leading-tight font-semibold text-white">
                  <span className="line-clamp-2">{dare.title}</span>
                  <span className="sr-only">, {statusBadge(dare.status)}</span>
                </span>
              </Link>
            </li>
          );
        })}
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
