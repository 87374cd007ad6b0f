import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@/web/components/ui/toast-store';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { isApiError } from '@/web/lib/api-client';
import { authPathFor } from '@/web/lib/safe-redirect';

/**
 * Guards actions that need an account: an anonymous visitor (or a 401 from the server)
 * gets a toast and goes to the auth page, which brings them back here afterwards.
 */
export function useLoginGate() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { data: user } = useCurrentUser();

  const sendToLogin = useCallback(
    (description?: string) => {
      toast({ title: 'Login required', description, variant: 'destructive' });
      navigate(authPathFor(search ? `${location}?${search}` : location));
    },
    [location, search, navigate],
  );

  /** True unless known to be signed out; otherwise sends the visitor to log in and returns false. */
  const requireLogin = useCallback(
    (description?: string) => {
      // Still looking the session up: let the server answer (a 401 lands in handleAuthError).
      if (user !== null) return true;
      sendToLogin(description);
      return false;
    },
    [user, sendToLogin],
  );

  /** True when the error was a 401 and has been handled by a redirect to login. */
  const handleAuthError = useCallback(
    (error: unknown, description?: string) => {
      if (!isApiError(error, 401)) return false;
      sendToLogin(description);
      return true;
    },
    [sendToLogin],
  );

  return { user: user ?? null, requireLogin, handleAuthError };
}
