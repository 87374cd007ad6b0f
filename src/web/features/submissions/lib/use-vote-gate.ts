import { useCallback } from 'react';
import type { DareView } from '@/contracts/dares';
import { VOTE_MESSAGES } from '@/contracts/submission-values';
import { toast } from '@/web/components/ui/toast-store';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';

/**
 * Whether the viewer may open the vote dialog of `dare`: a visitor is sent to log in, and
 * someone who did not pledge is told 'Not eligible to vote' (spec section 6) instead.
 */
export function useVoteGate(dare: Pick<DareView, 'hasUserPledged'>) {
  const { requireLogin } = useLoginGate();
  return useCallback(() => {
    if (!requireLogin('Log in to vote on this dare')) return false;
    if (dare.hasUserPledged) return true;
    toast({
      title: VOTE_MESSAGES.notEligibleTitle,
      description: VOTE_MESSAGES.notEligible,
      variant: 'destructive',
    });
    return false;
  }, [requireLogin, dare.hasUserPledged]);
}
