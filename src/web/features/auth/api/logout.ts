import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/web/components/ui/toast-store';
import { apiRequest } from '@/web/lib/api-client';
import { setSessionUser } from './get-current-user';

export function logout() {
  return apiRequest<void>('/api/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // This browser's push subscription goes with the session (decision 0053); loaded on
      // demand, it costs the first screen nothing.
      void import('@/web/features/notifications/api/push-device')
        .then((push) => push.forgetPushOnThisDevice())
        .catch(() => undefined);
      // Leave the protected page first so it does not bounce to /auth?redirectTo=….
      navigate('/auth');
      setSessionUser(queryClient, null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
