import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionInput, ModerationLogEntry } from '@/contracts/moderation';
import { apiRequest } from '@/web/lib/api-client';
import { MODERATION_KEY } from './get-moderation-queue';

/**
 * POST /api/moderation/actions: one decision, answered with its audit-log entry. The queue
 * (both tabs) and the log are read again whatever the outcome: another moderator may have
 * acted on the same case meanwhile. Not awaited: the dialog closes (and gives the focus back)
 * before the decided case leaves the list.
 */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionInput) =>
      apiRequest<ModerationLogEntry>('/api/moderation/actions', { method: 'POST', body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MODERATION_KEY });
    },
  });
}
