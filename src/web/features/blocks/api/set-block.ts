import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { USERS_KEY } from '@/web/features/users/api/user-keys';
import { apiRequest } from '@/web/lib/api-client';
import { BLOCKS_KEY } from './get-blocks';

export interface SetBlockInput {
  userId: number;
  block: boolean;
}

/** POST /api/users/{id}/block blocks, DELETE unblocks; both answer `{ blocked }`. */
export function setBlock({ userId, block }: SetBlockInput) {
  return apiRequest<{ blocked: boolean }>(`/api/users/${userId}/block`, {
    method: block ? 'POST' : 'DELETE',
  });
}

export function useSetBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlock,
    onSuccess: () => {
      // A block ends follows and hides each one's dares and comments from the other.
      for (const key of [BLOCKS_KEY, [USERS_KEY], [DARES_KEY]]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
