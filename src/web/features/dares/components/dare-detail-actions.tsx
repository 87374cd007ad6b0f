import { HandCoins, MessageCircle, Upload, Vote } from 'lucide-react';
import { useLocation } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { QUICK_PLEDGE_CENTS } from '@/contracts/limits';
import { centsToDollars } from '@/contracts/money';
import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { pledgeErrorMessage, useCreatePledge } from '@/web/features/pledges/api/create-pledge';
import { useVoteGate } from '@/web/features/submissions/lib/use-vote-gate';
import { useLoginGate } from '../hooks/use-login-gate';
import { formatCompactCount } from '../utils/format-dare';

/**
 * Each button takes its natural width and they share what is left; when the two do not fit
 * side by side (a long comment count, a wide font) the row wraps instead of overflowing.
 */
const buttonClass = 'flex-auto gap-1.5 px-3 text-sm whitespace-nowrap';

interface DareDetailActionsProps {
  dare: DareView;
  onComments: () => void;
  /** Opens the vote dialog in place (pledgers; the gate has already been passed). */
  onVote: () => void;
  /** Opens the proof dialog; given only when the viewer is the taker and may prove now. */
  onProof?: () => void;
}

/** Pledge Now (funding), Submit Proof (the taker), Vote Now (under vote) and Comments. */
export function DareDetailActions({ dare, onComments, onVote, onProof }: DareDetailActionsProps) {
  const [, navigate] = useLocation();
  const { user, requireLogin, handleAuthError } = useLoginGate();
  // The taker never votes on their own proof (DESIGN.md section 5).
  const isTaker = user !== null && user.id === dare.takerId;
  const createPledge = useCreatePledge();
  const funding = dare.status === 'pending' || dare.status === 'active';

  // The quick pledge is a fixed $10 (spec section 2); the card is taken on its own page.
  const pledge = () => {
    if (!requireLogin(PLEDGE_MESSAGES.loginRequired)) return;
    createPledge.mutate(
      { dareId: dare.id, amount: centsToDollars(QUICK_PLEDGE_CENTS) },
      {
        onSuccess: (created) => navigate(`/pledge/${created.id}/payment`),
        onError: (error) => {
          if (handleAuthError(error, PLEDGE_MESSAGES.loginRequired)) return;
          toast({
            title: 'Pledge failed',
            description: pledgeErrorMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  // Voting opens here, not on the feed as the spec's detour did (issue 11 item 6).
  const voteGate = useVoteGate(dare);
  const vote = () => {
    if (voteGate()) onVote();
  };

  return (
    <div className="flex flex-wrap gap-2">
      {funding && (
        <Button size="lg" className={buttonClass} busy={createPledge.isPending} onClick={pledge}>
          {!createPledge.isPending && <HandCoins className="size-5" aria-hidden="true" />}
          Pledge Now
        </Button>
      )}
      {onProof && (
        <Button size="lg" className={buttonClass} aria-haspopup="dialog" onClick={onProof}>
          <Upload className="size-5" aria-hidden="true" />
          Submit Proof
        </Button>
      )}
      {dare.status === 'verification' && !isTaker && (
        <Button size="lg" className={buttonClass} onClick={vote}>
          <Vote className="size-5" aria-hidden="true" />
          Vote Now
        </Button>
      )}
      <Button variant="secondary" size="lg" className={buttonClass} onClick={onComments}>
        <MessageCircle className="size-5" aria-hidden="true" />
        Comments
        <span className="text-ink-muted tabular-nums">{formatCompactCount(dare.commentCount)}</span>
      </Button>
    </div>
  );
}
