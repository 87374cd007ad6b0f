import { CheckCircle2 } from 'lucide-react';
import type { AchievementView } from '@/contracts/achievements';
import { progressPercent } from '@/domain/achievements';
import { cn } from '@/web/lib/cn';
import { RARITY_STYLES } from '../lib/rarity';
import { AchievementIcon } from './achievement-icon';

/**
 * One achievement (spec section 2): icon, title, rarity badge, points and description;
 * locked cards show the progress bar (progress/max), unlocked ones 'Achievement Unlocked!'.
 */
export function AchievementCard({ achievement: a }: { achievement: AchievementView }) {
  const rarity = RARITY_STYLES[a.rarity];
  const titleId = `achievement-${a.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-unlocked={a.isUnlocked}
      className={cn(
        'flex gap-3 rounded-2xl border bg-surface p-3',
        a.isUnlocked ? cn(rarity.ring, 'bg-surface-raised/60') : 'border-line',
      )}
    >
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-xl',
          a.isUnlocked ? rarity.icon : 'bg-surface-raised text-ink-muted opacity-60',
        )}
      >
        <AchievementIcon icon={a.icon} className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="font-semibold leading-tight text-ink">
            {a.title}
          </h2>
          <span className="shrink-0 text-sm font-bold text-brand">{a.points} pts</span>
        </div>
        <div className="mt-1 flex items-center gap-2">
          <span
            className={cn(
              'rounded-full border px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide',
              rarity.badge,
            )}
          >
            {rarity.label}
          </span>
        </div>
        <p className="mt-1.5 text-sm text-ink-muted">{a.description}</p>
        {a.isUnlocked ? (
          <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Achievement Unlocked!
          </p>
        ) : (
          <ProgressBar achievement={a} />
        )}
      </div>
    </article>
  );
}

function ProgressBar({ achievement: a }: { achievement: AchievementView }) {
  const percent = progressPercent(a.progress, a.maxProgress);
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label={`${a.title} progress`}
        aria-valuemin={0}
        aria-valuemax={a.maxProgress}
        aria-valuenow={a.progress}
        aria-valuetext={a.progressLabel}
        className="h-2 overflow-hidden rounded-full bg-surface-raised"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-ink-muted">{a.progressLabel}</p>
    </div>
  );
}
