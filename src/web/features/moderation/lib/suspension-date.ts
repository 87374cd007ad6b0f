/** A date input's value (YYYY-MM-DD) for a day `days` after today, in the moderator's time zone. */
export function localDateInput(days: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * The `until` of a suspension chosen as a day: the start of that day where the moderator is,
 * as an ISO instant; or the reason it cannot be used. A suspension must end after today.
 */
export function suspensionUntil(
  value: string,
  now = new Date(),
): { until: string } | { error: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return { error: 'Choose the day the suspension ends' };
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, day);
  if (Number.isNaN(start.getTime())) return { error: 'Choose the day the suspension ends' };
  if (value < localDateInput(1, now)) return { error: 'Choose a day after today' };
  return { until: start.toISOString() };
}
