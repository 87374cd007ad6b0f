import { CheckCircle2, Hourglass, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { DareView } from '@/contracts/dares';
import { type SubmissionView, VOTE_MESSAGES } from '@/contracts/submissions';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/toast-store';
import { isApiError } from '@/web/lib/api-client';
import { useCreateVote } from '../api/create-vote';
import { useSubmissions } from '../api/get-submissions';
import { initialVoteChoice, type VoteChoice } from '../lib/vote-choice';
import { VOTE_FINAL_NOTE, VOTE_TOASTS } from '../lib/vote-copy';
import { pendingSubmission } from '../lib/voting-time';
import { ProofPlayer } from './proof-player';
import { ProofReportButton } from './proof-report-button';
import { VoteReasonsPanel } from './vote-reasons-panel';
import { VotingStatus } from './voting-status';

interface VoteDialogProps {
  dare: DareView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Verify Dare Completion' (spec section 2): the proof, the window, the count and the vote. */
export function VoteDialog({ dare, open, onOpenChange }: VoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Verify Dare Completion"
        description="Did this submission successfully complete the dare requirements?"
      >
        {dare && open && <VoteBody dare={dare} />}
      </DialogContent>
    </Dialog>
  );
}

function VoteBody({ dare }: { dare: DareView }) {
  const submissions = useSubmissions(dare.id);
  const submission = pendingSubmission(submissions.data) ?? submissions.data?.[0] ?? null;
  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold text-ink">{dare.title}</p>
      {submissions.isPending && (
        <Skeleton className="aspect-[9/16] max-h-[36dvh] w-full rounded-2xl" />
      )}
      {submissions.isError && (
        <p role="alert" className="text-sm text-danger">
          {submissions.error.message}
        </p>
      )}
      {submissions.isSuccess && !submission && (
        <p role="status" className="rounded-xl bg-surface-raised p-3 text-sm text-ink-muted">
          No submission found: There is no pending submission for this dare.
        </p>
      )}
      {submission && (
        <>
          <ProofPlayer
            src={submission.videoUrl}
            poster={submission.thumbnailUrl}
            captions={submission.captionsUrl}
            label={`Proof video for ${dare.title}`}
          />
          <ProofReportButton submission={submission} />
          {submission.status === 'pending' && (
            <VotingStatus votingEndsAt={submission.votingEndsAt} voteCount={submission.voteCount} />
          )}
          <VoteArea dare={dare} submission={submission} />
        </>
      )}
    </div>
  );
}

function VoteArea({ dare, submission }: { dare: DareView; submission: SubmissionView }) {
  const vote = useCreateVote(dare.id);
  const [choice, setChoice] = useState<VoteChoice | null>(null);

  if (submission.myVote !== null) {
    const approved = submission.myVote;
    return (
      <div
        role="status"
        className="flex flex-col gap-1 rounded-xl border border-line bg-surface-raised/50 p-3"
      >
        <p className="flex items-center gap-2 font-semibold text-ink">
          {approved ? (
            <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
          ) : (
            <XCircle className="size-5 text-danger" aria-hidden="true" />
          )}
          You voted to {approved ? 'approve' : 'reject'}
        </p>
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Hourglass className="size-4" aria-hidden="true" />
          {submission.status === 'pending'
            ? 'Waiting for the other pledgers to vote.'
            : `The vote is over: the proof was ${submission.status}.`}
        </p>
      </div>
    );
  }
  if (submission.status !== 'pending') {
    return (
      <p role="status" className="rounded-xl bg-surface-raised p-3 text-sm text-ink-muted">
        The vote is over: the proof was {submission.status}.
      </p>
    );
  }
  if (!submission.canVote) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl bg-surface-raised p-3 text-sm text-ink-muted"
      >
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        {dare.hasUserPledged ? VOTE_MESSAGES.votingClosed : VOTE_MESSAGES.notEligible}
      </p>
    );
  }

  const send = (approve: boolean, reason: string | null) =>
    vote.mutate(
      { submissionId: submission.id, vote: approve, reason },
      {
        onSuccess: () => toast(approve ? VOTE_TOASTS.approved : VOTE_TOASTS.rejected),
        onError: (error) =>
          toast(
            isApiError(error, 403)
              ? {
                  title: VOTE_MESSAGES.notEligibleTitle,
                  description: error.message,
                  variant: 'destructive',
                }
              : {
                  title: VOTE_MESSAGES.voteFailed,
                  description: error.message,
                  variant: 'destructive',
                },
          ),
      },
    );

  return (
    <div className="flex flex-col gap-3">
      {choice ? (
        <VoteReasonsPanel
          choice={choice}
          onChange={setChoice}
          busy={vote.isPending}
          onApprove={(reason) => send(true, reason)}
          onReject={(reason) => send(false, reason)}
        />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <Button onClick={() => setChoice(initialVoteChoice('approve'))}>
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Approve
          </Button>
          <Button variant="destructive" onClick={() => setChoice(initialVoteChoice('reject'))}>
            <XCircle className="size-4" aria-hidden="true" />
            Reject
          </Button>
        </div>
      )}
      <p className="text-xs text-ink-muted">{VOTE_FINAL_NOTE}</p>
    </div>
  );
}
