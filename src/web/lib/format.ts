const DAY_MS = 86_400_000;

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** "Jan 21, 2027" */
export function formatDate(value: string | number | Date): string {
  return dateFormat.format(new Date(value));
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "Logged in until Jan 21, 2027 (60 days)" for the profile's session line. */
export function formatSessionLine(session: { expires: string; maxAge: number }): string {
  const days = Math.round(session.maxAge / DAY_MS);
  return `Logged in until ${formatDate(session.expires)} (${pluralize(days, 'day')})`;
}

/** Compact counts for stats: 999, 1.2K, 3.4M. */
export function formatCount(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${trimZero(value / 1000)}K`;
  return `${trimZero(value / 1_000_000)}M`;
}

function trimZero(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** The letter an avatar shows when there is no picture. */
export function initialOf(name: string | null | undefined): string {
  const letter = name?.trim().charAt(0);
  return letter ? letter.toUpperCase() : '?';
}
