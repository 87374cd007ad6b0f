import { useState } from 'react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { useAcceptDare } from '@/web/features/dares/api/accept-dare';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';
import { usePledgeLogin } from '@/web/features/pledges/hooks/use-pledge-login';
import { canSubmitProof } from '@/web/features/submissions/lib/proof-eligibility';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';

// Loaded when first opened (WhenOpened).
const FeedPledgeFlow = retryableLazy(() =>
  import('@/web/features/pledges/components/feed-pledge-flow').then((m) => ({
    default: m.FeedPledgeFlow,
  })),
);
const SubmitProofDialog = retryableLazy(() =>
  import('@/web/features/submissions/components/submit-proof-dialog').then((m) => ({
    default: m.SubmitProofDialog,
  })),
);

const wide = 'h-11 flex-1 rounded-full text-sm';

/**
 * The main call to action, by status (spec section 2 "Feed screen"): vote on a proof,
 * fund or accept an open public challenge (accepting opens the proof dialog), pledge to a
 * dare being funded, and for its taker 'Submit Proof'.
 */
export function PrimaryActions({ dare, onVote }: { dare: DareView; onVote: () => void }) {
  const accept = useAcceptDare();
  const { user, requireLogin, handleAuthError } = useLoginGate();
  const pledgeLogin = usePledgeLogin();
  const [pledging, setPledging] = useState(false);
  const [proving, setProving] = useState(false);

  if (dare.status === 'verification') {
    return (
      <Button className={wide} onClick={onVote}>
        Fund Dare
      </Button>
    );
  }

  const funding = dare.status === 'pending' || dare.status === 'active';
  if (!funding) {
    return (
      <Link href={`/dares/${dare.id}`} className={buttonClasses('secondary', 'md', wide)}>
        View Dare
      </Link>
    );
  }

  const openPledge = () => {
    if (pledgeLogin.requireLogin()) setPledging(true);
  };
  const pledgeFlow = (
    <WhenOpened open={pledging}>
      {pledging && <FeedPledgeFlow dare={dare} onClose={() => setPledging(false)} />}
    </WhenOpened>
  );
  const proofDialog = (
    <WhenOpened open={proving}>
      <SubmitProofDialog dare={dare} open={proving} onOpenChange={setProving} />
    </WhenOpened>
  );

  const acceptable = dare.isPublicChallenge && dare.acceptedBy === null;
  if (!acceptable) {
    const taker = canSubmitProof(dare, user?.id);
    return (
      <>
        {taker && (
          <Button className={wide} aria-haspopup="dialog" onClick={() => setProving(true)}>
            Submit Proof
          </Button>
        )}
        <Button
          variant={taker ? 'secondary' : 'primary'}
          className={wide}
          aria-haspopup="dialog"
          onClick={openPledge}
        >
          Pledge
        </Button>
        {pledgeFlow}
        {proofDialog}
      </>
    );
  }

  const onAccept = () => {
    if (!requireLogin('Log in to accept this dare')) return;
    accept.mutate(dare.id, {
      onSuccess: () => {
        toast({ title: 'Dare accepted', description: 'Record your proof before time runs out.' });
        // Accept, then record (spec section 2): the proof dialog opens at once.
        setProving(true);
      },
      onError: (error) => {
        if (handleAuthError(error)) return;
        toast({
          title: 'Failed to accept dare',
          description: error.message,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <div className="flex flex-1 gap-2">
      <Button className={wide} aria-haspopup="dialog" onClick={openPledge}>
        Fund
      </Button>
      {user?.id !== dare.creatorId && (
        <Button variant="secondary" className={wide} busy={accept.isPending} onClick={onAccept}>
          Accept
        </Button>
      )}
      {pledgeFlow}
      {proofDialog}
    </div>
  );
}
