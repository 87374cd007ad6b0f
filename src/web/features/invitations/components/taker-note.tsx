import { UserCheck } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { formatTimeLeft } from '@/web/features/dares/utils/format-dare';

/**
 * On the dare detail, for the person who accepted someone else's challenge: it is theirs
 * to do, and when the proof can be sent (once the goal is reached, before the deadline).
 */
export function TakerNote({ dare }: { dare: DareView }) {
  if (dare.status !== 'pending' && dare.status !== 'active') return null;
  return (
    <p
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-3 text-sm text-ink"
    >
      <UserCheck className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
      <span>
        <span className="block font-semibold">You are taking on this dare</span>
        <span className="text-ink-muted">
          {dare.status === 'pending'
            ? 'Once pledges reach the goal, submit your proof here before the deadline'
            : 'The goal is reached: submit your proof before the deadline'}{' '}
          ({formatTimeLeft(dare.expiresAt)}).
        </span>
      </span>
    </p>
  );
}
