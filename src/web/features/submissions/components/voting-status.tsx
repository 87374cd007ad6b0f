import { Clock, Info, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useNow } from '../lib/use-now';
import { MIN_VOTES_TEXT, VOTE_RULE, VOTE_TOOLTIP } from '../lib/vote-copy';
import { formatVoteCount, votingTimeLeft } from '../lib/voting-time';

/** 'Time Remaining' until automatic approval, the vote count with its tooltip, and the rule. */
export function VotingStatus({
  votingEndsAt,
  voteCount,
}: {
  votingEndsAt: string;
  voteCount: number;
}) {
  const now = useNow();
  const left = votingTimeLeft(votingEndsAt, now);
  const [tip, setTip] = useState(false);
  const tipId = useId();
  return (
    <div className="grid grid-cols-2 gap-2">
      <section
        aria-label="Time Remaining"
        className="rounded-xl border border-line bg-surface-raised/50 p-3"
      >
        <p className="flex items-center gap-1.5 text-xs font-medium text-ink-muted">
          <Clock className="size-3.5" aria-hidden="true" />
          Time Remaining
        </p>
        {left.closed ? (
          <p className="mt-1 text-sm font-semibold text-ink">Voting closed</p>
        ) : (
          <>
            <p className="mt-1 text-lg font-bold text-ink tabular-nums">
              {left.hours}h {left.minutes}m
            </p>
            <p className="text-xs text-ink-muted">until automatic approval</p>
          </>
        )}
      </section>
      <section
        aria-label="Votes"
        className="relative rounded-xl border border-line bg-surface-raised/50 p-3"
      >
        <p className="flex items-center gap-1.5 text-xs font-medium text-ink-muted">
          <Users className="size-3.5" aria-hidden="true" />
          Votes
          <button
            type="button"
            aria-label="How verification works"
            aria-describedby={tip ? tipId : undefined}
            aria-expanded={tip}
            // A tap shows it and tapping elsewhere hides it. It floats above the card, so
            // showing or hiding it never moves the buttons below.
            onClick={() => setTip(true)}
            onBlur={() => setTip(false)}
            onKeyDown={(event) => event.key === 'Escape' && setTip(false)}
            className="ml-auto rounded-full p-0.5 hover:text-ink"
          >
            <Info className="size-3.5" aria-hidden="true" />
          </button>
        </p>
        <p className="mt-1 text-lg font-bold text-ink tabular-nums">{formatVoteCount(voteCount)}</p>
        <p className="text-xs text-ink-muted">{MIN_VOTES_TEXT}</p>
        {tip && (
          <p
            id={tipId}
            role="tooltip"
            className="absolute right-0 bottom-full z-10 mb-1 w-56 rounded-lg bg-black/90 px-2 py-1.5 text-xs text-white shadow-lg"
          >
            {VOTE_TOOLTIP}
          </p>
        )}
      </section>
      <p className="col-span-2 text-xs text-ink-muted">{VOTE_RULE}</p>
    </div>
  );
}
