import { cn } from '@/web/lib/cn';

/** A pulsing placeholder; rounded-xl unless the caller gives its own rounding (a round avatar). */
export function Skeleton({ className }: { className?: string }) {
  const rounded = className?.includes('rounded-') ? undefined : 'rounded-xl';
  return (
    <div aria-hidden="true" className={cn('animate-pulse bg-surface-raised', rounded, className)} />
  );
}
