import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/web/lib/cn';

const fieldClasses =
  'w-full rounded-xl border border-line bg-surface px-3.5 text-base text-ink placeholder:text-ink-muted ' +
  'transition-colors hover:border-ink-muted/60 focus:border-accent focus-visible:outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-accent/40 aria-invalid:border-danger disabled:opacity-60';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(fieldClasses, 'h-12', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea className={cn(fieldClasses, 'min-h-24 resize-none py-3', className)} {...props} />
  );
}

/** An input with a fixed symbol inside its left edge ("$" for amounts, "@" for usernames). */
export function AdornedInput({
  adornment,
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { adornment: string }) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-ink-muted"
      >
        {adornment}
      </span>
      <Input className={cn('pl-8', className)} {...props} />
    </div>
  );
}
