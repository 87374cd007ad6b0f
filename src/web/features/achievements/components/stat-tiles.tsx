import type { LucideIcon } from 'lucide-react';
import { Clock, Star, Trophy } from 'lucide-react';

type Stats = { totalPoints: number; unlocked: number; total: number; recent: number };

/** The dashboard's three tiles (spec section 2): Total Points, Achievements Unlocked, Recent Unlocks. */
export function StatTiles({ stats }: { stats: Stats }) {
  return (
    <dl className="grid grid-cols-3 gap-2">
      <Tile icon={Star} label="Total Points" value={stats.totalPoints.toLocaleString('en-US')} />
      <Tile
        icon={Trophy}
        label="Achievements Unlocked"
        value={`${stats.unlocked}`}
        hint={`of ${stats.total}`}
      />
      <Tile icon={Clock} label="Recent Unlocks" value={`${stats.recent}`} hint="this week" />
    </dl>
  );
}

function Tile({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-3">
      <Icon className="size-5 text-brand" aria-hidden="true" />
      <dt className="text-[11px] font-medium leading-tight text-ink-muted">{label}</dt>
      <dd className="text-xl font-bold text-ink">
        {value}
        {hint && <span className="ml-1 text-xs font-medium text-ink-muted">{hint}</span>}
      </dd>
    </div>
  );
}
