import { Crown } from 'lucide-react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { buttonClasses } from '@/web/components/ui/button';
import { ReissueInvitation } from '@/web/features/invitations/components/reissue-invitation';
import { PaymentStatusBlock } from './payment-status-block';

/** What only the creator sees on their dare (spec section 2, Dare detail): funding and money. */
export function CreatorPanel({ dare }: { dare: DareView }) {
  const funding = dare.status === 'pending' || dare.status === 'active';
  return (
    <section aria-label="Creator panel" className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm font-medium text-amber-300">
        <Crown className="size-4" aria-hidden="true" />
        You created this dare
      </p>
      {funding && (
        <Link href={`/fund/${dare.id}`} className={buttonClasses('secondary', 'md', 'w-full')}>
          Fund your dare
        </Link>
      )}
      <ReissueInvitation dare={dare} />
      {dare.status === 'completed' && (
        <PaymentStatusBlock
          dareId={dare.id}
          audience={dare.takerId === dare.creatorId ? 'taker' : 'creator'}
        />
      )}
    </section>
  );
}
