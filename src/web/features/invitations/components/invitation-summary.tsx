import { CalendarClock, Target } from 'lucide-react';
import type { InvitationView } from '@/contracts/invitations';
import { Avatar } from '@/web/components/ui/avatar';
import { formatTimeLeft, nameOf } from '@/web/features/dares/utils/format-dare';
import { formatAmount } from '@/web/features/payments/lib/format-amount';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** What the invitation is for: who dares you, to do what, for how much, until when. */
export function InvitationSummary({ invitation }: { invitation: InvitationView }) {
  const from = nameOf(invitation.creator);
  return (
    <section aria-labelledby="invitation-title" className="flex flex-col gap-4">
      {invitation.coverImage ? (
        <img
          src={invitation.coverImage}
          alt=""
          className="aspect-video w-full rounded-2xl object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-video w-full rounded-2xl bg-gradient-to-br from-brand-strong/70 to-surface-raised"
        />
      )}
      <div className="flex items-center gap-3">
        <Avatar name={from} src={invitation.creator.profilePicture} size="sm" />
        <p className="text-sm text-ink-muted">
          <span className="font-semibold text-ink">{from}</span> challenged you
          <span className="block text-xs">@{invitation.creator.username}</span>
        </p>
      </div>
      <h2 id="invitation-title" className="text-2xl leading-tight font-bold break-words text-ink">
        {invitation.title}
      </h2>
      <p className="text-[15px] leading-relaxed break-words whitespace-pre-line text-ink-muted">
        {invitation.description}
      </p>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl border border-line bg-surface p-3">
          <dt className="flex items-center gap-1.5 text-xs text-ink-muted">
            <Target className="size-3.5" aria-hidden="true" /> Goal
          </dt>
          <dd className="text-lg font-semibold text-ink">
            {formatAmount(invitation.targetAmount)}
          </dd>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-3">
          <dt className="flex items-center gap-1.5 text-xs text-ink-muted">
            <CalendarClock className="size-3.5" aria-hidden="true" /> Expires
          </dt>
          <dd className="text-sm font-semibold text-ink">
            {day(invitation.expiresAt)}
            <span className="block text-xs font-normal text-ink-muted">
              {formatTimeLeft(invitation.expiresAt)}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
