import { cn } from '@/web/lib/cn';
import { dotWindow } from '../utils/dots';

/** Position in the feed, on the right edge; only when there is more than one dare. */
export function FeedDots({ index, count }: { index: number; count: number }) {
  if (count <= 1) return null;
  const [first, last] = dotWindow(index, count);
  const dots = [];
  for (let i = first; i <= last; i += 1) {
    const edge = (i === first && first > 0) || (i === last && last < count - 1);
    dots.push(
      <span
        key={i}
        className={cn(
          'block rounded-full transition-all duration-200',
          i === index ? 'h-4 w-1.5 bg-white' : 'size-1.5 bg-white/45',
          edge && i !== index && 'scale-75',
        )}
      />,
    );
  }
  return (
    <div
      aria-hidden="true"
      data-testid="feed-dots"
      className="pointer-events-none absolute top-[40%] right-1 z-10 flex -translate-y-1/2 flex-col items-center gap-1.5"
    >
      {dots}
    </div>
  );
}
