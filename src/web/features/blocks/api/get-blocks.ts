import { useQuery } from '@tanstack/react-query';
import type { BlockList } from '@/contracts/moderation';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';

export const BLOCKS_KEY = ['/api/blocks'] as const;

/** GET /api/blocks: the people the signed-in user blocked, newest first (issue 21 item 5). */
export function useBlocks() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: BLOCKS_KEY,
    queryFn: ({ signal }) => apiRequest<BlockList>('/api/blocks', { signal }),
    enabled: Boolean(user),
    staleTime: 30_000,
  });
}

/** Whether the signed-in user blocked `userId` (false until the list is known). */
export function useIsBlocked(userId: number): boolean {
  const { data } = useBlocks();
  return data?.blocks.some((entry) => entry.user.id === userId) ?? false;
}
