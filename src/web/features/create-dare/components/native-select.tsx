import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * The platform's own select: on phones it opens the system picker, which beats any custom
 * listbox for touch and screen readers. Styled like Input.
 */
export function NativeSelect({
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'h-12 w-full appearance-none rounded-xl border border-line bg-surface pr-10 pl-3.5 text-base text-ink',
          'transition-colors hover:border-ink-muted/60 focus:border-accent focus-visible:outline-none',
          'focus-visible:ring-2 focus-visible:ring-accent/40 aria-invalid:border-danger',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-muted"
      />
    </div>
  );
}
