import { CloudOff, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { OFFLINE_MESSAGE } from '@/web/lib/api-client';

export function FeedLoading() {
  return (
    <div
      role="status"
      className="flex size-full flex-col items-center justify-center gap-3 bg-black text-white/80"
    >
      <Spinner className="size-8 text-brand" />
      <p className="text-sm">Loading content...</p>
    </div>
  );
}

interface FeedMessageProps {
  title: string;
  description: ReactNode;
  action?: ReactNode;
  tone?: 'empty' | 'error';
}

/** A centred message in place of the feed (empty or failed). */
export function FeedMessage({ title, description, action, tone = 'empty' }: FeedMessageProps) {
  const Icon = tone === 'error' ? CloudOff : Sparkles;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex size-full flex-col items-center justify-center gap-3 bg-canvas px-8 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-surface-raised text-brand">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <p className="max-w-xs text-sm text-ink-muted">{description}</p>
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

export function FeedError({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <FeedMessage
      tone="error"
      title="Failed to fetch dares"
      description="Check your connection and try again."
      action={
        <Button variant="secondary" busy={busy} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** Offline with nothing kept to show (decision 0052); the feed refetches once back online. */
export function FeedOffline({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <FeedMessage
      tone="error"
      title={OFFLINE_MESSAGE}
      description="The feed loads by itself when you're back online."
      action={
        <Button variant="secondary" busy={busy} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
