import { Clock, HandCoins } from 'lucide-react';
import { Link } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { isDeletedUser } from '@/contracts/deleted-user';
import {
  formatDollars,
  formatExpiry,
  formatRelativeTime,
  nameOf,
  sponsorLine,
} from '@/web/features/dares/utils/format-dare';

/** Creator, title, age, money raised, sponsor and expiry over the bottom of a slide. */
export function DareSlideInfo({ dare }: { dare: DareView }) {
  const sponsor = sponsorLine(dare);
  const expiry = formatExpiry(dare);
  return (
    <div className="flex min-w-0 flex-col gap-1 text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]">
      {isDeletedUser(dare.creator) ? (
        // A deleted account has no profile and no @handle (decision 0046).
        <p className="text-sm font-semibold text-white/90">{nameOf(dare.creator)}</p>
      ) : (
        <Link
          href={`/users/${dare.creatorId}`}
          // A 24 px tall tap target (WCAG 2.5.8) in the 20 px line the text needs.
          className="-my-0.5 flex min-h-6 w-fit items-center text-sm font-semibold text-white/90 hover:underline"
        >
          @{dare.creator.username}
          <span className="sr-only"> ({nameOf(dare.creator)})</span>
        </Link>
      )}
      <h2 className="text-xl leading-tight font-bold">
        <Link href={`/dares/${dare.id}`} className="line-clamp-2 hover:underline">
          {dare.title}
        </Link>
      </h2>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-white/90">
        <span>{formatRelativeTime(dare.createdAt)}</span>
        <span className="flex items-center gap-1 font-semibold text-accent">
          <HandCoins className="size-4" aria-hidden="true" />
          {formatDollars(dare.currentAmount)} pledged
        </span>
      </p>
      {sponsor && <p className="text-sm font-medium text-amber-300">{sponsor}</p>}
      {expiry && (
        <p className="flex items-center gap-1 text-xs text-white/80">
          <Clock className="size-3.5" aria-hidden="true" />
          {expiry}
        </p>
      )}
    </div>
  );
}
