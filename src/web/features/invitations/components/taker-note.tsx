import { UserCheck } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { formatTimeLeft } from '@/web/features/dares/utils/format-dare';
import { takerNoteText } from '../lib/taker-note-text';

/**
 * On the dare detail, for the person who accepted someone else's challenge: it is theirs
 * to do, and when the proof can be sent (takerNoteText), before the deadline.
 */
export function TakerNote({ dare }: { dare: DareView }) {
  const text = takerNoteText(dare);
  if (!text) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-line bg-surface p-3 text-sm text-ink"
    >
      <UserCheck className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
      <span>
        <span className="block font-semibold">You are taking on this dare</span>
        <span className="text-ink-muted">
          {text} ({formatTimeLeft(dare.expiresAt)}).
        </span>
      </span>
    </p>
  );
}
