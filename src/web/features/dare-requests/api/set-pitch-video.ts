import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DareView } from '@/contracts/dares';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/dares/{id}/pitch-video: the pitch of the dare an accepted request created. */
export function useSetPitchVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      dareId,
      pitchVideo,
      pitchCaptions,
    }: {
      dareId: number;
      pitchVideo: string;
      pitchCaptions?: string | null;
    }) =>
      apiRequest<DareView>(`/api/dares/${dareId}/pitch-video`, {
        method: 'POST',
        body: { pitchVideo, pitchCaptions },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [DARES_KEY] }),
  });
}
