import { EyeOff } from 'lucide-react';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import { cn } from '@/web/lib/cn';

/** 'Under review': the owner's dare is hidden from everyone else until a moderator decides. */
export function UnderReviewBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-orange-400/15 px-2.5 py-0.5 text-xs font-semibold text-orange-200 ring-1 ring-orange-400/40',
        className,
      )}
    >
      <EyeOff className="size-3.5" aria-hidden="true" />
      {MODERATION_MESSAGES.underReviewBadge}
    </span>
  );
}
