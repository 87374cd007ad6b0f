import { Link } from 'wouter';
import { cn } from '@/web/lib/cn';

export type ProfileStat = { label: string; value: string; href?: string };

function Stat({ stat }: { stat: ProfileStat }) {
  const body = (
    <>
      <span className="text-lg leading-tight font-bold whitespace-nowrap text-ink">
        {stat.value}
      </span>
      <span className="text-xs whitespace-nowrap text-ink-muted">{stat.label}</span>
    </>
  );
  const classes = 'flex min-w-0 flex-1 flex-col items-center rounded-xl px-2 py-1.5';
  return stat.href ? (
    <Link href={stat.href} className={cn(classes, 'transition-colors hover:bg-surface-raised')}>
      {body}
    </Link>
  ) : (
    <div className={classes}>{body}</div>
  );
}

/**
 * A row of counts (Followers, Following, ...); the ones with an href open their list. Each
 * column is as wide as what it shows plus an equal share of the rest (flex-auto, not equal
 * columns), so a long amount such as $167.50 takes room from the '$0' beside it instead of
 * running into the dividers.
 */
export function ProfileStats({
  stats,
  label,
  className,
}: {
  stats: ProfileStat[];
  label: string;
  className?: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cn(
        'flex w-full max-w-sm items-stretch rounded-2xl border border-line bg-surface p-1',
        className,
      )}
    >
      {stats.map((stat, index) => (
        <li key={stat.label} className="flex min-w-0 flex-auto items-stretch">
          {index > 0 && <span aria-hidden="true" className="my-2 w-px shrink-0 bg-line" />}
          <Stat stat={stat} />
        </li>
      ))}
    </ul>
  );
}
