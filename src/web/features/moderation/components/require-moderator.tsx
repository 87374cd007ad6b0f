import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@/contracts/user';
import { isModerator } from '@/domain/moderation-roles';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { NotFoundPage } from '@/web/features/shell/pages/not-found-page';

/**
 * Moderation screens for moderators only: anyone else, signed in or not, gets the ordinary
 * not-found page (issue 21 item 3), so the screens do not even announce that they exist.
 * Only when who is asking cannot be learned (offline) does it say so instead.
 */
export function RequireModerator({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending, isError, isFetching, refetch } = useCurrentUser();
  if (user && isModerator(user)) return children(user);
  if (isPending) return <PageFallback />;
  if (isError && !user) {
    return (
      <EmptyState
        icon={CloudOff}
        title="Can't reach Darefund"
        description="Check your connection and try again."
        className="flex-1 justify-center"
        action={
          <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <NotFoundPage />;
}
