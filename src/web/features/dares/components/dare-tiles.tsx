import { CalendarClock, type LucideIcon, ShieldCheck, Tag } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { formatRelativeTime } from '../utils/format-dare';

function Tile({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-2xl border border-line bg-surface px-2 py-3 text-center">
      <Icon className="size-5 text-brand" aria-hidden="true" />
      <dt className="text-[11px] font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-sm font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** Category, age and content rating. */
export function DareTiles({ dare }: { dare: DareView }) {
  return (
    <dl className="grid grid-cols-3 gap-2">
      <Tile icon={Tag} label="Category" value={dare.category || 'General'} />
      <Tile icon={CalendarClock} label="Created" value={formatRelativeTime(dare.createdAt)} />
      <Tile icon={ShieldCheck} label="Rating" value={dare.contentRating || 'PG'} />
    </dl>
  );
}
