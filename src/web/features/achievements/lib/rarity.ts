import type { AchievementRarity } from '@/domain/achievements';

/** Rarity colours (badge and card edge): grey, blue, purple, gold, as games usually do. */
export const RARITY_STYLES: Record<
  AchievementRarity,
  { label: string; badge: string; ring: string; icon: string }
> = {
  common: {
    label: 'Common',
    badge: 'bg-zinc-500/20 text-zinc-200 border-zinc-400/40',
    ring: 'border-zinc-500/40',
    icon: 'bg-zinc-300/25 text-white',
  },
  rare: {
    label: 'Rare',
    badge: 'bg-sky-500/15 text-sky-300 border-sky-400/40',
    ring: 'border-sky-500/50',
    icon: 'bg-sky-500/25 text-sky-200',
  },
  epic: {
    label: 'Epic',
    badge: 'bg-violet-500/15 text-violet-300 border-violet-400/40',
    ring: 'border-violet-500/50',
    icon: 'bg-violet-500/25 text-violet-200',
  },
  legendary: {
    label: 'Legendary',
    badge: 'bg-amber-500/15 text-amber-300 border-amber-400/50',
    ring: 'border-amber-400/60',
    icon: 'bg-amber-500/25 text-amber-200',
  },
};

export const CATEGORY_LABELS = {
  all: 'All',
  creator: 'Creator',
  social: 'Social',
  financial: 'Financial',
  milestone: 'Milestone',
} as const;
