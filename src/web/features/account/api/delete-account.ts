import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { AccountDeleted, DeleteAccountInput } from '@/contracts/account-deletion';
import { toast } from '@/web/components/ui/toast-store';
import { setSessionUser } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';

/**
 * DELETE /api/account. On success the session is over: the feed first (a signed-in-only
 * screen left behind would send the person to the login), then nobody signed in, with a
 * notice that says what happened.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: DeleteAccountInput) =>
      apiRequest<AccountDeleted>('/api/account', { method: 'DELETE', body }),
    onSuccess: (answer) => {
      navigate('/');
      setSessionUser(queryClient, null);
      toast({
        title: answer.message,
        description: 'You were signed out. A confirmation is on its way to your email.',
      });
    },
  });
}
