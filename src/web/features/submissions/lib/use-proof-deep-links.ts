import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import type { DareView } from '@/contracts/dares';

/**
 * `/dares/{id}?vote=1` (the 'vote now' notification) opens the vote dialog once the dare is
 * loaded, through the same gate as 'Vote Now'; `?proof=1` (the profile's 'Submit Proof')
 * opens the proof dialog when the viewer may prove. Each link acts once per visit, once
 * `ready`: who is looking is known and the dare was read as them.
 */
export function useProofDeepLinks(
  dare: DareView,
  open: { vote: () => void; proof?: () => void },
  ready: boolean,
) {
  const params = new URLSearchParams(useSearch());
  const wantsVote = params.get('vote') === '1' && dare.status === 'verification';
  const wantsProof = params.get('proof') === '1';
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready) return;
    if (wantsVote) {
      done.current = true;
      open.vote();
    } else if (wantsProof && open.proof) {
      done.current = true;
      open.proof();
    }
  }, [wantsVote, wantsProof, open, ready]);
}
