import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '@/contracts/user';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useCurrentUser } from '../api/get-current-user';

/** Renders its children for a signed-in user; sends anyone else to /auth and back. */
export function RequireAuth({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const { data: user, isPending, isError, refetch, isFetching } = useCurrentUser();

  if (user) return children(user);
  if (isPending) return <PageFallback />;
  if (isError) {
    return (
      <EmptyState
        icon={CloudOff}
        title="Can't reach Darefund"
        description="Check your connection and try again."
        headingLevel={2}
        className="flex-1 justify-center"
        action={
          <Button variant="secondary" busy={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return <Redirect to={authPathFor(search ? `${location}?${search}` : location)} replace />;
}
