import { Lock } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@/contracts/user';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { EmptyState } from '@/web/components/ui/empty-state';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { RequireAuth } from '@/web/features/auth/components/require-auth';

/** Long enough to read the notice, short enough not to keep anyone waiting. */
const REDIRECT_DELAY_MS = 800;

/**
 * The dare-request screens for a signed-in user only (spec section 2): anyone else sees
 * 'Authentication Required / Redirecting to login...' and is sent to /login, and back.
 */
export function AuthRequired({
  returnTo,
  children,
}: {
  returnTo: string;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { data: user, isPending, isError } = useCurrentUser();
  const [, navigate] = useLocation();
  const loggedOut = !isPending && !isError && !user;
  useEffect(() => {
    if (!loggedOut) return;
    const timer = setTimeout(
      () => navigate(`/login?redirectTo=${encodeURIComponent(returnTo)}`, { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [loggedOut, navigate, returnTo]);

  if (user) return children(user);
  if (isPending) return <PageFallback />;
  // Not a 401 but no answer at all: RequireAuth's 'Try again' screen.
  if (isError) return <RequireAuth>{children}</RequireAuth>;
  return (
    <div role="status" className="flex flex-1 flex-col justify-center">
      <EmptyState
        icon={Lock}
        title="Authentication Required"
        description="Redirecting to login..."
      />
    </div>
  );
}
