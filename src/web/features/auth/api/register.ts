import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerSchema } from '@/contracts/auth';
import { PRODUCT_NAME } from '@/contracts/limits';
import type { CurrentUser } from '@/contracts/user';
import { toast } from '@/web/components/ui/toast-store';
import { apiRequest } from '@/web/lib/api-client';
import { setSessionUser } from './get-current-user';

export type RegisterPayload = z.output<typeof registerSchema>;

export function register(payload: RegisterPayload) {
  return apiRequest<CurrentUser>('/api/register', { method: 'POST', body: payload });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      toast({
        title: 'Registration successful',
        description: `Welcome to ${PRODUCT_NAME}, ${user.username}!`,
      });
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' });
    },
  });
}
