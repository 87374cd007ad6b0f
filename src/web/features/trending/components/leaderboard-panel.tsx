import { TriangleAlert, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  LEADERBOARD_BOARDS,
  LEADERBOARD_PERIODS,
  type LeaderboardBoard,
  type LeaderboardPeriod,
} from '@/contracts/leaderboard-values';
import type { LeaderboardEntry } from '@/contracts/leaderboards';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatAmount } from '@/web/features/payments/lib/format-amount';
import { loadFailureText } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { useLeaderboard } from '../api/get-leaderboard';

const BOARDS: Record<LeaderboardBoard, { label: string; description: string }> = {
  earners: { label: 'Top Takers', description: 'Paid out for completed dares.' },
  backers: { label: 'Top Backers', description: 'Pledged to dares (held or charged).' },
  points: { label: 'Top Points', description: 'Points from unlocked achievements.' },
};
const PERIODS: Record<LeaderboardPeriod, string> = { week: 'This Week', all: 'All Time' };

/** The Leaders tab of Trending: three boards, this week or all time. */
export function LeaderboardPanel() {
  const [board, setBoard] = useState<LeaderboardBoard>('earners');
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  return (
    <div className="flex flex-col gap-3">
      <Segmented
        label="Leaderboard"
        options={LEADERBOARD_BOARDS.map((value) => ({ value, label: BOARDS[value].label }))}
        value={board}
        onChange={setBoard}
      />
      <Segmented
        label="Period"
        options={LEADERBOARD_PERIODS.map((value) => ({ value, label: PERIODS[value] }))}
        value={period}
        onChange={setPeriod}
      />
      <p className="text-sm text-ink-muted">{BOARDS[board].description}</p>
      <Board board={board} period={period} />
    </div>
  );
}

function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex gap-1 rounded-xl border border-line bg-surface p-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-9 flex-1 rounded-lg px-2 text-[13px] font-semibold text-ink-muted hover:text-ink',
            value === option.value && 'bg-line text-ink shadow',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

function Board({ board, period }: { board: LeaderboardBoard; period: LeaderboardPeriod }) {
  const query = useLeaderboard(board, period);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading leaderboard" className="flex flex-col gap-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={TriangleAlert}
        title="Failed to load the leaderboard"
        description={loadFailureText(query.error, 'Please try again later')}
        action={
          <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  const { entries, unit } = query.data;
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={Trophy}
        title="Nobody on this board yet"
        description={period === 'week' ? 'Be the first this week!' : 'Be the first!'}
      />
    );
  }
  return (
    <ol aria-label={`${BOARDS[board].label}, ${PERIODS[period]}`} className="flex flex-col gap-2">
      {entries.map((entry) => (
        <li key={entry.user.id}>
          <Row entry={entry} unit={unit} />
        </li>
      ))}
    </ol>
  );
}

const MEDALS = ['text-amber-300', 'text-zinc-200', 'text-orange-300'];

function Row({ entry, unit }: { entry: LeaderboardEntry; unit: 'dollars' | 'points' }) {
  const name = entry.user.displayName || entry.user.username;
  return (
    <Link
      href={`/users/${entry.user.id}`}
      className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-2.5 pr-3 hover:bg-surface-raised"
    >
      <span
        className={cn(
          'w-7 text-center text-base font-bold',
          MEDALS[entry.rank - 1] ?? 'text-ink-muted',
        )}
      >
        {entry.rank}
      </span>
      <Avatar name={name} src={entry.user.profilePicture} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-ink">{name}</span>
        <span className="block truncate text-xs text-ink-muted">@{entry.user.username}</span>
      </span>
      <span className="font-bold text-brand">
        {unit === 'dollars' ? formatAmount(entry.value) : `${entry.value} pts`}
      </span>
    </Link>
  );
}
