import { AlertCircle, Inbox, Send } from 'lucide-react';
import type { DareRequestType } from '@/contracts/dare-requests';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDareRequests } from '../api/get-dare-requests';
import { RequestCard } from './request-card';

const EMPTY: Record<DareRequestType, { title: string; description: string }> = {
  received: {
    title: 'No requests received',
    description: 'When someone sends you a dare request, it will appear here.',
  },
  sent: { title: 'No requests sent', description: "You haven't sent any dare requests yet." },
};

/** One tab: skeletons while loading, the error box, the empty text, or the cards. */
export function RequestList({
  type,
  onAccepted,
}: {
  type: DareRequestType;
  onAccepted: (dareId: number) => void;
}) {
  const list = useDareRequests(type);
  if (list.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading dare requests" className="space-y-3">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-64 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  // A failed refetch keeps the requests on screen (its toast says so); only no data at all
  // is the error box. The first list comes with the page (web-pages/screen-data.ts).
  if (list.isError && !list.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-5 text-center"
      >
        <AlertCircle className="size-6 text-danger" aria-hidden="true" />
        <p className="font-semibold text-ink">Error loading dare requests</p>
        <p className="text-sm text-ink-muted">{list.error.message}</p>
        <Button
          variant="secondary"
          size="sm"
          busy={list.isFetching}
          onClick={() => void list.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (list.data.length === 0) {
    return (
      <EmptyState
        icon={type === 'received' ? Inbox : Send}
        title={EMPTY[type].title}
        description={EMPTY[type].description}
        headingLevel={2}
      />
    );
  }
  return (
    <ul
      aria-label={type === 'received' ? 'Received requests' : 'Sent requests'}
      className="space-y-3"
    >
      {list.data.map((request) => (
        <RequestCard key={request.id} request={request} type={type} onAccepted={onAccepted} />
      ))}
    </ul>
  );
}
