const DAY_MS = 24 * 60 * 60 * 1000;

/** The funding deadline sent as expiresAt: the chosen number of days from now, as ISO. */
export function computeExpiresAt(durationDays: string | number, now: Date = new Date()): string {
  const days = Number(durationDays);
  if (!Number.isFinite(days) || days <= 0)
    throw new RangeError(`Invalid duration: ${durationDays}`);
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}
