import { AlertCircle, ShieldCheck } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { type QueueStatus, useModerationQueue } from '../api/get-moderation-queue';
import { QueueCard } from './queue-card';

const EMPTY: Record<QueueStatus, { title: string; description: string }> = {
  open: { title: 'No open reports', description: 'Reports people send show up here.' },
  resolved: { title: 'No resolved reports', description: 'Cases you decide move here.' },
};

/** One tab of the queue: skeletons, the error box, the empty text, or the cases. */
export function QueueList({ status }: { status: QueueStatus }) {
  const queue = useModerationQueue(status);
  if (queue.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading reports" className="space-y-3">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-72 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (queue.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-5 text-center"
      >
        <AlertCircle className="size-6 text-danger" aria-hidden="true" />
        <p className="font-semibold text-ink">Error loading reports</p>
        <p className="text-sm text-ink-muted">{queue.error.message}</p>
        <Button
          variant="secondary"
          size="sm"
          busy={queue.isFetching}
          onClick={() => void queue.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (queue.data.items.length === 0) {
    return (
      <EmptyState
        icon={ShieldCheck}
        title={EMPTY[status].title}
        description={EMPTY[status].description}
      />
    );
  }
  return (
    <ul aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'} className="space-y-3">
      {queue.data.items.map((item) => (
        <QueueCard key={item.caseId} item={item} />
      ))}
    </ul>
  );
}
