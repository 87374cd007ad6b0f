import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountPreferencesInput } from '@/contracts/moderation';
import type { CurrentUser } from '@/contracts/user';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { apiRequest } from '@/web/lib/api-client';

/**
 * PATCH /api/account/preferences (issue 21 item 7). Turning R-rated dares on needs
 * `confirmAdult: true` (else 400 'Confirm you are 18 or older to see R-rated dares').
 */
export function updatePreferences(input: AccountPreferencesInput) {
  return apiRequest<{ showMatureContent: boolean }>('/api/account/preferences', {
    method: 'PATCH',
    body: input,
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: ({ showMatureContent }) => {
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, showMatureContent } : user,
      );
      // Every list and dare was read with the old choice: R-rated ones come or go.
      void queryClient.invalidateQueries({ queryKey: [DARES_KEY] });
    },
  });
}
