import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationView } from '@/contracts/conversations';
import { apiRequest } from '@/web/lib/api-client';
import { CONVERSATIONS_KEY } from './get-conversations';

/** POST /api/conversations: the one-to-one conversation with `userId` (existing or new). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest<ConversationView>('/api/conversations', {
        method: 'POST',
        body: { participants: [userId] },
      }),
    onSuccess: (conversation) => {
      queryClient.setQueryData<ConversationView[]>(CONVERSATIONS_KEY, (list) =>
        list?.some((c) => c.id === conversation.id) ? list : [conversation, ...(list ?? [])],
      );
    },
  });
}
