import { Ban, CircleCheckBig, Vote } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { useSubmissions } from '../api/get-submissions';
import { failureReason, formatTally, HOLDS_RELEASED } from '../lib/dare-outcome';
import { pendingSubmission } from '../lib/voting-time';
import { ProofReportButton } from './proof-report-button';
import { VotingStatus } from './voting-status';

const card = 'rounded-2xl border border-line bg-surface p-4';

/**
 * What the dare detail says about the proof, by state (issue 11 item 7): the vote under way,
 * the outcome of a completed dare, or why a dare failed.
 */
export function DareProofPanel({ dare }: { dare: DareView }) {
  if (dare.status === 'verification') return <VerificationPanel dare={dare} />;
  if (dare.status === 'completed') return <CompletedPanel dare={dare} />;
  if (dare.status === 'failed') {
    return (
      <section aria-label="Outcome" className={`${card} border-red-400/30`}>
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          <Ban className="size-5 text-red-300" aria-hidden="true" />
          This dare failed
        </h3>
        <p className="mt-2 text-sm text-ink">{failureReason(dare)}</p>
        <p className="mt-1 text-sm text-ink-muted">{HOLDS_RELEASED}</p>
      </section>
    );
  }
  return null;
}

function VerificationPanel({ dare }: { dare: DareView }) {
  const submissions = useSubmissions(dare.id);
  const pending = pendingSubmission(submissions.data);
  return (
    <section aria-label="Proof under vote" className={card}>
      <h3 className="flex items-center gap-2 font-semibold text-ink">
        <Vote className="size-5 text-violet-300" aria-hidden="true" />
        Proof under vote
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        The pledgers are deciding whether the proof completes the dare.
      </p>
      <div className="mt-3">
        {submissions.isPending && <Skeleton className="h-24 w-full" />}
        {pending && (
          <VotingStatus votingEndsAt={pending.votingEndsAt} voteCount={pending.voteCount} />
        )}
      </div>
      {pending && (
        <div className="mt-2 flex justify-end">
          <ProofReportButton submission={pending} />
        </div>
      )}
    </section>
  );
}

function CompletedPanel({ dare }: { dare: DareView }) {
  const submissions = useSubmissions(dare.id);
  const approved = submissions.data?.find((item) => item.status === 'approved');
  return (
    <section aria-label="Outcome" className={`${card} border-emerald-400/30`}>
      <h3 className="flex items-center gap-2 font-semibold text-ink">
        <CircleCheckBig className="size-5 text-emerald-300" aria-hidden="true" />
        Completed: the pledgers approved the proof
      </h3>
      {approved && approved.approvals !== null && approved.rejections !== null && (
        <p className="mt-2 text-sm text-ink">
          {formatTally(approved.approvals, approved.rejections)}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-xl bg-line/40 px-2 py-2">
          <dt className="text-xs text-ink-muted">Total captured</dt>
          <dd className="font-semibold text-ink tabular-nums">
            {formatDollars(dare.currentAmount)}
          </dd>
        </div>
        <div className="rounded-xl bg-line/40 px-2 py-2">
          <dt className="text-xs text-ink-muted">Pledgers charged</dt>
          <dd className="font-semibold text-ink tabular-nums">{dare.pledgeCount}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-ink-muted">
        The pledged holds are captured once and paid out to the dare taker.
      </p>
      {approved && (
        <div className="mt-2 flex justify-end">
          <ProofReportButton submission={approved} />
        </div>
      )}
    </section>
  );
}
