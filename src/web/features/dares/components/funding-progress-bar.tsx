/** The raised-against-goal bar of a dare (detail page and fund page). */
export function FundingProgressBar({ percent }: { percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Funding progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="mt-3 h-2 overflow-hidden rounded-full bg-line"
    >
      <div
        className="h-full rounded-full bg-gradient-to-r from-brand to-accent"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
