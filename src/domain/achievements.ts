/**
 * Achievements (spec sections 2, 3 and 9): what each one measures and when it unlocks.
 * The catalogue itself is data (seeded by a migration into `achievements`); every row's
 * `requirement` is `<metric>:<target>`, e.g. `dares_created:5`, and its maxProgress is the
 * target. A metric is a true count read from the user's history, so recomputing it after
 * any event (or twice) gives the same answer: progress is set, never incremented.
 */

export const ACHIEVEMENT_CATEGORIES = ['creator', 'social', 'financial', 'milestone'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];
export const ACHIEVEMENT_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type AchievementRarity = (typeof ACHIEVEMENT_RARITIES)[number];

export const ACHIEVEMENT_METRICS = [
  /** Dares the user created (their own, public challenges, accepted requests). */
  'dares_created',
  /** Proof videos the user submitted as a taker. */
  'proofs_submitted',
  /** Dares the user took on that were completed (proof approved). */
  'dares_completed',
  'votes_cast',
  'comments_posted',
  'followers',
  'following',
  'requests_sent',
  /** Dare requests the user sent that their recipient accepted. */
  'requests_accepted',
  /** Dare requests sent to the user that they accepted. */
  'challenges_accepted',
  /** Pledges whose card hold was ever authorized (a later release does not undo it). */
  'pledges_made',
  /** Whole dollars of those pledges, in total. */
  'dollars_pledged',
  /** Whole dollars paid out to the user as a taker. */
  'dollars_earned',
] as const;
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number];

const MONEY_METRICS: readonly AchievementMetric[] = ['dollars_pledged', 'dollars_earned'];
export const isMoneyMetric = (metric: AchievementMetric) => MONEY_METRICS.includes(metric);

export type Requirement = { metric: AchievementMetric; target: number };

/** `dares_created:5` -> { metric, target }; null for anything this version does not know. */
export function parseRequirement(requirement: string): Requirement | null {
  const match = /^([a-z_]+):(\d{1,9})$/.exec(requirement);
  if (!match) return null;
  const metric = match[1] as AchievementMetric;
  const target = Number(match[2]);
  if (!ACHIEVEMENT_METRICS.includes(metric) || target < 1) return null;
  return { metric, target };
}

export type ProgressState = { progress: number; maxProgress: number; isUnlocked: boolean };
export type ProgressChange =
  | { kind: 'none' }
  | { kind: 'progress'; progress: number }
  | { kind: 'unlock'; progress: number };

/**
 * What a newly measured value does to a user's row. An unlocked achievement stays
 * unlocked and keeps its full bar (an unfollow or a deleted comment takes nothing back);
 * a locked one shows the true value, capped at the target, and unlocks on reaching it.
 */
export function progressChange(state: ProgressState, value: number): ProgressChange {
  if (state.isUnlocked) return { kind: 'none' };
  const progress = Math.max(0, Math.min(value, state.maxProgress));
  if (value >= state.maxProgress) return { kind: 'unlock', progress: state.maxProgress };
  return progress === state.progress ? { kind: 'none' } : { kind: 'progress', progress };
}

/** "3 / 5" or "$25 / $100": the words under a locked card's progress bar. */
export function progressLabel(requirement: string, progress: number, maxProgress: number) {
  const parsed = parseRequirement(requirement);
  const money = parsed ? isMoneyMetric(parsed.metric) : false;
  const fmt = (n: number) => (money ? `$${n.toLocaleString('en-US')}` : n.toLocaleString('en-US'));
  return `${fmt(progress)} / ${fmt(maxProgress)}`;
}

/** 0..100 for a progress bar. */
export const progressPercent = (progress: number, maxProgress: number) =>
  maxProgress <= 0 ? 0 : Math.round((Math.min(progress, maxProgress) / maxProgress) * 100);
