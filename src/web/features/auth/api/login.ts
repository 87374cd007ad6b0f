import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginSchema } from '@/contracts/auth';
import type { CurrentUser } from '@/contracts/user';
import { toast } from '@/web/components/ui/toast-store';
import { apiRequest, isApiError } from '@/web/lib/api-client';
import { setSessionUser } from './get-current-user';

export type LoginPayload = z.output<typeof loginSchema>;

export function login(payload: LoginPayload) {
  return apiRequest<CurrentUser>('/api/login', { method: 'POST', body: payload });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
    onError: (error) => {
      // Throttled: the form shows the wait with the way out (the reset link) instead; a
      // suspended account (403) reads its suspension there too, where it stays (issue 21).
      if (isApiError(error, 429) || isApiError(error, 403)) return;
      toast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}
