import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@/contracts/conversations';
import { apiRequest } from '@/web/lib/api-client';
import { CONVERSATIONS_KEY } from './get-conversations';
import { messagesKey } from './get-messages';

/** POST /api/conversations/{id}/messages; the chat and the list refresh once it is stored. */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<MessageView>(`/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        body: { content },
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKey(conversationId) }),
        queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }),
      ]);
    },
  });
}
