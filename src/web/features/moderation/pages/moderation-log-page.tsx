import { AlertCircle, ScrollText } from 'lucide-react';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useModerationLog } from '../api/get-moderation-log';
import { LogEntry } from '../components/log-entry';
import { RequireModerator } from '../components/require-moderator';

/** /moderation/log: every moderation action, newest first; nobody can edit it. */
export function ModerationLogPage() {
  return (
    <RequireModerator>
      {() => (
        <div className="flex min-h-full flex-col">
          <PageHeader title="Audit log" subtitle="Every moderation decision" backTo="/moderation" />
          <div className="flex flex-col gap-3 p-4 pb-24">
            <LogList />
          </div>
        </div>
      )}
    </RequireModerator>
  );
}

function LogList() {
  const log = useModerationLog();
  if (log.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the audit log" className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  // A failed 'Load more' keeps the pages already shown (its error goes under them).
  if (!log.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-5 text-center"
      >
        <AlertCircle className="size-6 text-danger" aria-hidden="true" />
        <p className="font-semibold text-ink">Error loading the audit log</p>
        <p className="text-sm text-ink-muted">{log.error?.message}</p>
        <Button
          variant="secondary"
          size="sm"
          busy={log.isFetching}
          onClick={() => void log.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={ScrollText}
        title="No actions yet"
        description="Every moderation decision is recorded here."
      />
    );
  }
  return (
    <>
      <ul aria-label="Moderation actions" className="space-y-3">
        {entries.map((entry) => (
          <LogEntry key={entry.id} entry={entry} />
        ))}
      </ul>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          className="w-full"
          busy={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Load more
        </Button>
      )}
      {log.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-danger">
          {log.error?.message ?? 'Could not load more'}
        </p>
      )}
    </>
  );
}
