import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { PageHeader } from '@/web/components/layout/page-header';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { TakerNote } from '@/web/features/invitations/components/taker-note';
import { MyPledgePanel } from '@/web/features/pledges/components/my-pledge-panel';
import { DareProofPanel } from '@/web/features/submissions/components/dare-proof-panel';
import { canSubmitProof } from '@/web/features/submissions/lib/proof-eligibility';
import { useProofDeepLinks } from '@/web/features/submissions/lib/use-proof-deep-links';
import { useVoteGate } from '@/web/features/submissions/lib/use-vote-gate';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { useDare } from '../api/get-dare';
import { recordDareView } from '../api/record-dare-view';
import { CreatorPanel } from '../components/creator-panel';
import { DareCreator } from '../components/dare-creator';
import { DareDetailActions } from '../components/dare-detail-actions';
import { DareFunding } from '../components/dare-funding';
import { DareHeaderActions } from '../components/dare-header-actions';
import { DareHero } from '../components/dare-hero';
import { DareLoadFailure } from '../components/dare-load-failure';
import { DareTiles } from '../components/dare-tiles';
import { MatureGate } from '../components/mature-gate';
import { PaymentStatusBlock } from '../components/payment-status-block';
import { PledgerList } from '../components/pledger-list';
import { StatusBadge } from '../components/status-badge';
import { UnderReviewBadge } from '../components/under-review-badge';
import { isMatureGated, isUnderReview } from '../utils/dare-moderation';
import { sponsorLine } from '../utils/format-dare';

// Loaded when first opened (WhenOpened).
const ShareDialog = retryableLazy(() =>
  import('../components/share-dialog').then((m) => ({ default: m.ShareDialog })),
);
const CommentsSheet = retryableLazy(() =>
  import('@/web/features/comments/components/comments-sheet').then((m) => ({
    default: m.CommentsSheet,
  })),
);
const VoteDialog = retryableLazy(() =>
  import('@/web/features/submissions/components/vote-dialog').then((m) => ({
    default: m.VoteDialog,
  })),
);
const SubmitProofDialog = retryableLazy(() =>
  import('@/web/features/submissions/components/submit-proof-dialog').then((m) => ({
    default: m.SubmitProofDialog,
  })),
);

type Panel = 'share' | 'comments' | 'vote' | 'proof' | null;

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function DareDetailPage() {
  // /dares and /dares/new are the create screen's routes (router.tsx), not this one.
  const { id: raw } = useParams<{ id?: string }>();
  return <DareDetail key={raw} id={parseId(raw)} />;
}

function DareDetail({ id }: { id: number | null }) {
  const dare = useDare(id ?? 0);
  const [panel, setPanel] = useState<Panel>(null);

  useEffect(() => {
    if (dare.data) recordDareView(dare.data.id);
  }, [dare.data]);

  const header = (actions?: ReactNode) => <PageHeader title="Dare" backTo="/" actions={actions} />;

  if (id === null || dare.isError) {
    return (
      <>
        {header()}
        <DareLoadFailure
          error={id === null ? null : dare.error}
          retrying={dare.isFetching}
          onRetry={() => void dare.refetch()}
        />
      </>
    );
  }
  if (dare.isPending) return <PageFallback />;

  return (
    <>
      {header(<DareHeaderActions dare={dare.data} onShare={() => setPanel('share')} />)}
      <DareBody dare={dare.data} current={!dare.isFetching} onPanel={setPanel} />
      <WhenOpened open={panel === 'share'}>
        <ShareDialog
          dare={dare.data}
          open={panel === 'share'}
          onOpenChange={(open) => setPanel(open ? 'share' : null)}
        />
      </WhenOpened>
      <WhenOpened open={panel === 'comments'}>
        <CommentsSheet
          dare={dare.data}
          open={panel === 'comments'}
          onOpenChange={(open) => setPanel(open ? 'comments' : null)}
        />
      </WhenOpened>
      <WhenOpened open={panel === 'vote'}>
        <VoteDialog
          dare={dare.data}
          open={panel === 'vote'}
          onOpenChange={(open) => setPanel(open ? 'vote' : null)}
        />
      </WhenOpened>
      <WhenOpened open={panel === 'proof'}>
        <SubmitProofDialog
          dare={dare.data}
          open={panel === 'proof'}
          onOpenChange={(open) => setPanel(open ? 'proof' : null)}
        />
      </WhenOpened>
    </>
  );
}

interface DareBodyProps {
  dare: DareView;
  /** False while the dare is read again (after a login it still says what a visitor saw). */
  current: boolean;
  onPanel: (panel: Panel) => void;
}

function DareBody({ dare, current, onPanel }: DareBodyProps) {
  const sponsor = sponsorLine(dare);
  const viewer = useCurrentUser();
  const isCreator = viewer.data?.id === dare.creatorId;
  // The taker of someone else's challenge sees what they earned (the creator's panel has it
  // for a self dare).
  const isOtherTaker = !isCreator && viewer.data !== undefined && viewer.data?.id === dare.takerId;
  const voteGate = useVoteGate(dare);
  const prover = canSubmitProof(dare, viewer.data?.id);
  const open = useMemo(
    () => ({
      vote: () => {
        if (voteGate()) onPanel('vote');
      },
      proof: prover ? () => onPanel('proof') : undefined,
    }),
    [voteGate, prover, onPanel],
  );
  // A 'Vote now' link followed through the login waits for the dare as this viewer sees it
  // (hasUserPledged), not the visitor's copy the login left behind.
  useProofDeepLinks(dare, open, viewer.data !== undefined && current);
  return (
    <article className="flex flex-col pb-8">
      {isMatureGated(dare) ? <MatureGate dareId={dare.id} /> : <DareHero dare={dare} />}
      <div className="flex flex-col gap-4 px-4 pt-3">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <StatusBadge status={dare.status} className="w-fit" />
            {isUnderReview(dare) && <UnderReviewBadge />}
          </div>
          <h2 className="text-2xl leading-tight font-bold text-ink">{dare.title}</h2>
          {sponsor && <p className="text-sm font-medium text-amber-300">{sponsor}</p>}
        </div>
        <DareCreator dare={dare} />
        {isOtherTaker && <TakerNote dare={dare} />}
        {/* Empty behind the R-rated gate (issue 21 item 7). */}
        {dare.description && (
          <p className="text-[15px] leading-relaxed whitespace-pre-line text-ink">
            {dare.description}
          </p>
        )}
        <DareFunding dare={dare} />
        <DareTiles dare={dare} />
        <DareProofPanel dare={dare} />
        <DareDetailActions
          dare={dare}
          onComments={() => onPanel('comments')}
          onVote={() => onPanel('vote')}
          onProof={open.proof}
        />
        {viewer.data && <MyPledgePanel dare={dare} />}
        {isCreator && <CreatorPanel dare={dare} />}
        {isOtherTaker && dare.status === 'completed' && (
          <PaymentStatusBlock dareId={dare.id} audience="taker" />
        )}
        <PledgerList dare={dare} />
      </div>
    </article>
  );
}
