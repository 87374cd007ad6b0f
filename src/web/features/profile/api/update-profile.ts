import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CurrentUser, updateProfileSchema } from '@/contracts/user';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';

export type UpdateProfilePayload = z.output<typeof updateProfileSchema>;

export function updateProfile(payload: UpdateProfilePayload) {
  return apiRequest<CurrentUser>('/api/user/profile', { method: 'PATCH', body: payload });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // Keep the session line if the answer leaves it out.
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (previous) => ({
        ...previous,
        ...user,
        session: user.session ?? previous?.session,
      }));
    },
  });
}
