import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DareView } from '@/contracts/dares';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/dares/{id}/pitch-video: the pitch of the dare an accepted request created. */
export function useSetPitchVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dareId, pitchVideo }: { dareId: number; pitchVideo: string }) =>
      apiRequest<DareView>(`/api/dares/${dareId}/pitch-video`, {
        method: 'POST',
        body: { pitchVideo },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [DARES_KEY] }),
  });
}
