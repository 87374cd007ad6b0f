import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

const tones = {
  warn: 'border-amber-400/50 bg-amber-400/10 text-amber-200',
  danger: 'border-danger/50 bg-danger/10 text-danger',
} as const;

/** A small pill for a case's state: Hidden, Removed, Suspended. */
export function StateBadge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span
      className={cn(
        'rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}
