import { Eye, Heart, ImageOff, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { StatusBadge } from '@/web/features/dares/components/status-badge';
import { darePosterUrl } from '@/web/features/dares/utils/dare-media';
import {
  formatCompactCount,
  formatDollars,
  fundingPercent,
  nameOf,
} from '@/web/features/dares/utils/format-dare';

/**
 * A dare (ranked, on Trending): cover, title, creator, money raised and activity; opens the
 * dare. Also the offline feed's list (feed/components/offline-feed.tsx), without a rank.
 */
export function TrendingCard({ dare, rank }: { dare: DareView; rank?: number }) {
  // A poster that fails to load (offline, not cached) shows the placeholder, not a broken image.
  const [posterFailed, setPosterFailed] = useState(false);
  const poster = posterFailed ? null : darePosterUrl(dare);
  const percent = fundingPercent(dare.currentAmount, dare.targetAmount);
  return (
    <Link
      href={`/dares/${dare.id}`}
      className="flex gap-3 rounded-2xl border border-line bg-surface p-2.5 transition-colors hover:bg-surface-raised"
    >
      <div className="relative aspect-[3/4] w-24 shrink-0 overflow-hidden rounded-xl bg-surface-raised">
        {poster ? (
          <img
            src={poster}
            alt=""
            loading="lazy"
            className="size-full object-cover"
            onError={() => setPosterFailed(true)}
          />
        ) : (
          <ImageOff className="absolute inset-0 m-auto size-6 text-ink-muted" aria-hidden="true" />
        )}
        {rank !== undefined && (
          <span className="absolute top-1.5 left-1.5 flex size-6 items-center justify-center rounded-full bg-black/70 text-xs font-bold text-white">
            {rank}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 py-0.5">
        <div className="flex items-start justify-between gap-2">
          <h2 className="line-clamp-2 font-semibold text-ink">{dare.title}</h2>
          <StatusBadge status={dare.status} />
        </div>
        <p className="truncate text-xs text-ink-muted">by {nameOf(dare.creator)}</p>
        <div className="mt-auto flex flex-col gap-1">
          <p className="text-sm">
            <span className="font-semibold text-accent">{formatDollars(dare.currentAmount)}</span>
            <span className="text-ink-muted"> of {formatDollars(dare.targetAmount)}</span>
          </p>
          <div className="h-1.5 overflow-hidden rounded-full bg-line" aria-hidden="true">
            <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
          </div>
          <p className="flex items-center gap-3 text-xs text-ink-muted">
            <span className="flex items-center gap-1">
              <Users className="size-3.5" aria-hidden="true" />
              {dare.pledgeCount}
              <span className="sr-only">pledgers</span>
            </span>
            <span className="flex items-center gap-1">
              <Eye className="size-3.5" aria-hidden="true" />
              {formatCompactCount(dare.viewCount)}
              <span className="sr-only">views</span>
            </span>
            <span className="flex items-center gap-1">
              <Heart className="size-3.5" aria-hidden="true" />
              {formatCompactCount(dare.likeCount)}
              <span className="sr-only">likes</span>
            </span>
          </p>
        </div>
      </div>
    </Link>
  );
}
