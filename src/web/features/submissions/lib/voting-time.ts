import type { SubmissionView } from '@/contracts/submissions';

const MINUTE_MS = 60_000;

export interface VotingTimeLeft {
  hours: number;
  minutes: number;
  /** The window has closed: the vote resolves (or has resolved) on its own. */
  closed: boolean;
}

/**
 * Hours and whole minutes until `votingEndsAt` (submission createdAt + 24 h). Minutes round
 * up, so the panel says "0h 1m" until the very end instead of "0h 0m" for a minute.
 */
export function votingTimeLeft(votingEndsAt: string, now: number = Date.now()): VotingTimeLeft {
  const end = Date.parse(votingEndsAt);
  const left = Number.isFinite(end) ? end - now : 0;
  if (left <= 0) return { hours: 0, minutes: 0, closed: true };
  const totalMinutes = Math.ceil(left / MINUTE_MS);
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60, closed: false };
}

/** "5h 12m", or "Voting closed". */
export function formatVotingTimeLeft(votingEndsAt: string, now: number = Date.now()): string {
  const left = votingTimeLeft(votingEndsAt, now);
  return left.closed ? 'Voting closed' : `${left.hours}h ${left.minutes}m`;
}

/** "3 votes", "1 vote". */
export function formatVoteCount(count: number): string {
  return `${count} ${count === 1 ? 'vote' : 'votes'}`;
}

/** The proof under vote, if any (the list is newest first). */
export function pendingSubmission(list: SubmissionView[] | undefined): SubmissionView | null {
  return list?.find((submission) => submission.status === 'pending') ?? null;
}
