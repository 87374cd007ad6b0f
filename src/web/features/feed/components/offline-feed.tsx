import { CloudOff } from 'lucide-react';
import { useMemo } from 'react';
import { type DareView, dareViewSchema, type FeedTab } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { TrendingCard } from '@/web/features/trending/components/trending-card';
import { OFFLINE_MESSAGE } from '@/web/lib/api-client';
import { keptFeedPage } from '../api/kept-feed-page';
import { FeedOffline } from './feed-states';

/** The kept page, if it still reads as today's dares (a deploy may have changed the shape). */
function keptDares(tab: FeedTab): DareView[] {
  const parsed = dareViewSchema.array().safeParse(keptFeedPage(tab));
  return parsed.success ? parsed.data : [];
}

interface OfflineFeedProps {
  tab: FeedTab;
  onRetry: () => void;
  busy: boolean;
}

/**
 * The feed when it cannot be fetched offline (decision 0052): 'You're offline' and the dares
 * of the last page seen on this tab, with their posters from the service worker's cache. The
 * real feed replaces it by itself once the browser is back online (refetchOnReconnect).
 * Its own chunk: loaded offline only, from the precache.
 */
export function OfflineFeed({ tab, onRetry, busy }: OfflineFeedProps) {
  const dares = useMemo(() => keptDares(tab), [tab]);
  if (dares.length === 0) return <FeedOffline onRetry={onRetry} busy={busy} />;
  return (
    <div className="size-full overflow-y-auto bg-canvas px-3 pt-24 pb-4">
      <div
        role="alert"
        className="mb-3 flex items-center gap-3 rounded-2xl border border-line bg-surface p-3"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-raised text-brand">
          <CloudOff className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">{OFFLINE_MESSAGE}</p>
          <p className="text-xs text-ink-muted">
            The dares you saw last. The feed comes back when you're online.
          </p>
        </div>
        <Button variant="secondary" size="sm" busy={busy} onClick={onRetry}>
          Try again
        </Button>
      </div>
      <ul aria-label="Dares you saw last" className="flex flex-col gap-2">
        {dares.map((dare) => (
          <li key={dare.id}>
            <TrendingCard dare={dare} />
          </li>
        ))}
      </ul>
    </div>
  );
}
