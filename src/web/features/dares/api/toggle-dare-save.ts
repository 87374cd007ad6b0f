import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveState } from '@/contracts/social';
import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY, findCachedDare, patchDareEverywhere } from './dare-cache';
import { SAVED_DARES_KEY } from './get-saved-dares';

export function setDareSave(id: number, save: boolean) {
  return apiRequest<SaveState>(`${DARES_KEY}/${id}/saves`, { method: save ? 'POST' : 'DELETE' });
}

/** Save or unsave at once; the profile's Saved tab reloads when next opened. */
export function useToggleDareSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, save }: { id: number; save: boolean }) => setDareSave(id, save),
    onMutate: async ({ id, save }) => {
      await queryClient.cancelQueries({ queryKey: [DARES_KEY] });
      const before = findCachedDare(queryClient, id);
      patchDareEverywhere(queryClient, id, (dare) => ({ ...dare, isSaved: save }));
      return { before };
    },
    onSuccess: (state, { id }) => {
      patchDareEverywhere(queryClient, id, (dare) => ({ ...dare, isSaved: state.saved }));
      void queryClient.invalidateQueries({ queryKey: SAVED_DARES_KEY });
    },
    onError: (_error, { id }, context) => {
      const before = context?.before;
      if (before)
        patchDareEverywhere(queryClient, id, (dare) => ({ ...dare, isSaved: before.isSaved }));
    },
  });
}
