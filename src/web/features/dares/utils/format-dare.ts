import { DARE_STATUS_BADGES } from '@/contracts/dare-values';
import type { DareView } from '@/contracts/dares';
import { formatAmount, formatExactAmount } from '@/web/features/payments/lib/format-amount';

/** Compact counts for likes and comments: 999, 1.2K, 3.4M (never "1000K"). */
export function formatCompactCount(value: number): string {
  const n = Math.max(0, Math.floor(value));
  if (n < 1000) return String(n);
  const thousands = Math.round(n / 100) / 10;
  if (thousands < 1000) return `${trimZero(thousands)}K`;
  return `${trimZero(Math.round(n / 100_000) / 10)}M`;
}

function trimZero(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** "$110", "$12.50", "$1,200": one way to write an amount (payments/lib/format-amount.ts). */
export const formatDollars = formatAmount;

/** Always two decimals: "$0.00", "$1,234.50" (a profile's Total Earned). */
export const formatDollarsAndCents = formatExactAmount;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "in 6 days", "just now". */
export function formatRelativeTime(value: string | Date, now: number = Date.now()): string {
  const diff = new Date(value).getTime() - now;
  if (!Number.isFinite(diff)) return '';
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface TimeLeft {
  count: number;
  unit: 'day' | 'hour' | 'minute';
}

/**
 * The time until `expiresAt` in its largest whole unit, rounded UP, or null once it has
 * passed. Every screen counts this way, so a 7-day dare created a moment ago has 7 days left
 * in the create dialog, the feed, the pledge modal and the detail page alike.
 */
export function timeLeft(expiresAt: string, now: number = Date.now()): TimeLeft | null {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return null;
  const minutes = Math.ceil(left / MINUTE_MS);
  if (minutes < 60) return { count: minutes, unit: 'minute' };
  const hours = Math.ceil(left / HOUR_MS);
  if (hours < 24) return { count: hours, unit: 'hour' };
  return { count: Math.ceil(left / DAY_MS), unit: 'day' };
}

/** Whole days left, rounded up as timeLeft does ('1' for the last hours), or null once ended. */
export function daysLeft(expiresAt: string, now: number = Date.now()): number | null {
  const left = Date.parse(expiresAt) - now;
  return left > 0 ? Math.ceil(left / DAY_MS) : null;
}

const plural = ({ count, unit }: TimeLeft) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "7 days left", "5 hours left", "Ended". */
export function formatTimeLeft(expiresAt: string, now: number = Date.now()): string {
  const left = timeLeft(expiresAt, now);
  return left ? `${plural(left)} left` : 'Ended';
}

/** Spec section 4: time left is hidden for completed and failed dares (nothing is left to do). */
export function showsTimeLeft(status: string): boolean {
  return status !== 'completed' && status !== 'failed';
}

/**
 * The feed's expiry: "Expires: in 7 days", or "Ended: 2 days ago" once past; null for a
 * completed or failed dare, which shows no time left.
 */
export function formatExpiry(
  dare: Pick<DareView, 'status' | 'expiresAt'>,
  now: number = Date.now(),
): string | null {
  if (!showsTimeLeft(dare.status)) return null;
  const left = timeLeft(dare.expiresAt, now);
  return left ? `Expires: in ${plural(left)}` : `Ended: ${formatRelativeTime(dare.expiresAt, now)}`;
}

/** The badge text of a status; anything unexpected reads "Unknown" (spec section 4). */
export function statusBadge(status: string): string {
  return Object.hasOwn(DARE_STATUS_BADGES, status)
    ? DARE_STATUS_BADGES[status as keyof typeof DARE_STATUS_BADGES]
    : 'Unknown';
}

/** Funding progress, 0 to 100. */
export function fundingPercent(current: number, target: number): number {
  if (!(target > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((current / target) * 100)));
}

export function nameOf(user: { displayName: string | null; username: string }): string {
  return user.displayName?.trim() || user.username;
}

/**
 * "Sponsored by: Nora Lind for $25" (DESIGN.md section 6: the sponsor and the target of the
 * dare their request became), or null when nobody sponsors the dare.
 */
export function sponsorLine(dare: Pick<DareView, 'sponsor' | 'targetAmount'>): string | null {
  if (!dare.sponsor) return null;
  return `Sponsored by: ${nameOf(dare.sponsor)} for ${formatDollars(dare.targetAmount)}`;
}
