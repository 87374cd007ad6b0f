import { cn } from '@/web/lib/cn';

/** The agreement line under every pledge form (spec section 2). */
export function TermsNote({ className }: { className?: string }) {
  return (
    <p className={cn('text-center text-xs text-ink-muted', className)}>
      By pledging, you agree to our Terms of Service and Privacy Policy.
    </p>
  );
}
