import { ShieldX } from 'lucide-react';
import { Link } from 'wouter';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import { buttonClasses } from '@/web/components/ui/button';

/** A dare a moderator removed (its API answers 410): said so, not a generic failure. */
export function DareRemoved() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-surface-raised text-danger">
        <ShieldX className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-bold text-ink">Dare removed</h2>
      <p className="max-w-xs text-sm text-ink-muted">{MODERATION_MESSAGES.dareRemoved}</p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-2')}>
        Go Back Home
      </Link>
    </div>
  );
}
