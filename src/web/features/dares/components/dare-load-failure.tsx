import { CloudOff } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { isApiError } from '@/web/lib/api-client';
import { DareNotFound } from './dare-not-found';
import { DareRemoved } from './dare-removed';

interface DareLoadFailureProps {
  /** Why the dare did not load; null for an id that cannot be one (not found). */
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * The detail page without its dare: not found (404, or no id), removed by a moderator (410,
 * in the spec's words, issue 21 item 4), or a failure to try again.
 */
export function DareLoadFailure({ error, retrying, onRetry }: DareLoadFailureProps) {
  if (error === null || isApiError(error, 404)) return <DareNotFound />;
  if (isApiError(error, 410)) return <DareRemoved />;
  return (
    <EmptyState
      icon={CloudOff}
      title="Failed to fetch dare"
      description={error.message}
      className="flex-1 justify-center"
      action={
        <Button variant="secondary" busy={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
