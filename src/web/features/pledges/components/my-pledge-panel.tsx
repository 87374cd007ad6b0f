import { HandCoins } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { cancellation } from '@/domain/pledged-dares';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { useMyPledges } from '../api/get-my-pledges';
import { CancelPledgeButton } from './cancel-pledge-button';

/**
 * On the dare detail, for a signed-in pledger while the dare is funding or active: what they
 * pledged and 'Cancel pledge' (DESIGN.md section 5). Nothing for anyone else.
 */
export function MyPledgePanel({ dare }: { dare: DareView }) {
  const open = dare.status === 'pending' || dare.status === 'active';
  const pledges = useMyPledges(open);
  if (!open || !pledges.data) return null;
  const mine = pledges.data.filter((pledge) => pledge.dareId === dare.id);
  const { cancellablePledgeIds, cancellableAmount } = cancellation(mine);
  if (cancellablePledgeIds.length === 0) return null;
  return (
    <section
      aria-label="Your pledge"
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3"
    >
      <HandCoins className="size-5 shrink-0 text-brand" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-ink">
        You pledged <span className="font-semibold">{formatDollars(cancellableAmount)}</span>
      </p>
      <CancelPledgeButton pledgeIds={cancellablePledgeIds} amount={cancellableAmount} size="sm" />
    </section>
  );
}
