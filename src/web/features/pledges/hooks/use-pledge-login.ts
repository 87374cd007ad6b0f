import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { toast } from '@/web/components/ui/toast-store';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { isApiError } from '@/web/lib/api-client';
import { authPathFor } from '@/web/lib/safe-redirect';

/**
 * The feed's pledge gate (spec section 8): 'Authentication Required' / 'Please log in to
 * make a pledge', then the auth page, which brings the visitor back to this screen.
 */
export function usePledgeLogin() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { data: user } = useCurrentUser();

  const sendToLogin = useCallback(() => {
    toast({
      title: 'Authentication Required',
      description: PLEDGE_MESSAGES.authRequired,
      variant: 'destructive',
    });
    navigate(authPathFor(search ? `${location}?${search}` : location));
  }, [location, search, navigate]);

  /** False (after sending the visitor to log in) when known to be signed out. */
  const requireLogin = useCallback(() => {
    // Still looking the session up: let the server answer (a 401 lands in handleAuthError).
    if (user !== null) return true;
    sendToLogin();
    return false;
  }, [user, sendToLogin]);

  /** True when the error was a 401 (the session ended) and the visitor was sent to log in. */
  const handleAuthError = useCallback(
    (error: unknown) => {
      if (!isApiError(error, 401)) return false;
      sendToLogin();
      return true;
    },
    [sendToLogin],
  );

  return { requireLogin, handleAuthError };
}
