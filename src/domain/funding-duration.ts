import { FUNDING_DURATION_TOLERANCE_HOURS, FUNDING_DURATIONS_DAYS } from '@/contracts/limits';

export type FundingDuration = (typeof FUNDING_DURATIONS_DAYS)[number];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Which of the create form's durations (3, 7, 14 or 30 days) an `expiresAt` stands for. The
 * spec's client sends the deadline, not the duration ("now plus the chosen duration in
 * days", computed on the phone's clock), so a little way either side of one still means
 * it; anything else is no duration of the form. Null when none matches.
 */
export function fundingDurationOf(expiresAt: Date, now: Date): FundingDuration | null {
  const untilExpiry = expiresAt.getTime() - now.getTime();
  const tolerance = FUNDING_DURATION_TOLERANCE_HOURS * HOUR_MS;
  return (
    FUNDING_DURATIONS_DAYS.find((days) => Math.abs(untilExpiry - days * DAY_MS) <= tolerance) ??
    null
  );
}

/** The deadline of a dare opened at `now` for `days`: the server's clock, not the phone's. */
export const fundingDeadline = (days: FundingDuration, now: Date) =>
  new Date(now.getTime() + days * DAY_MS);
