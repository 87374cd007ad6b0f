import { ImageOff, Video } from 'lucide-react';
import { Link } from 'wouter';
import type { DareRequestStatus, DareRequestView } from '@/contracts/dare-requests';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { formatDollars, formatRelativeTime, nameOf } from '@/web/features/dares/utils/format-dare';
import {
  challengeAcceptedToast,
  challengeDeclinedToast,
} from '@/web/features/invitations/lib/challenge-answer-toasts';
import { cn } from '@/web/lib/cn';
import { useAcceptDareRequest, useDeclineDareRequest } from '../api/answer-dare-request';

const BADGES: Record<DareRequestStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-500/15 text-amber-300' },
  accepted: { label: 'Accepted', className: 'bg-emerald-500/15 text-emerald-300' },
  declined: { label: 'Declined', className: 'bg-red-500/15 text-red-300' },
  expired: { label: 'Expired', className: 'bg-surface-raised text-ink-muted' },
};

interface RequestCardProps {
  request: DareRequestView;
  type: 'received' | 'sent';
  /** After accepting (and later, while it has none): the dare it created, to add its pitch. */
  onAccepted: (dareId: number) => void;
}

/** One request (spec section 2): cover, status, title, target, description, when. */
export function RequestCard({ request, type, onAccepted }: RequestCardProps) {
  const accept = useAcceptDareRequest();
  const decline = useDeclineDareRequest();
  const badge = BADGES[request.status];
  const answering = accept.isPending || decline.isPending;
  const other =
    type === 'received'
      ? `${request.challenge ? 'Challenge from' : 'From'} ${nameOf(request.sender)}`
      : `To ${request.recipient ? nameOf(request.recipient) : request.recipientEmail}`;

  const onAccept = () =>
    accept.mutate(request.id, {
      onSuccess: ({ dareId }) => {
        // A challenge makes them the taker of the sender's dare, which has its pitch already.
        if (request.challenge) {
          toast(challengeAcceptedToast);
          return;
        }
        toast({ title: 'Dare request accepted', description: 'The dare is now on your profile!' });
        onAccepted(dareId);
      },
      onError: (error) =>
        toast({
          title: 'Failed to accept dare request',
          description: error.message,
          variant: 'destructive',
        }),
    });
  const onDecline = () =>
    decline.mutate(request.id, {
      onSuccess: () =>
        toast(
          request.challenge
            ? challengeDeclinedToast(nameOf(request.sender))
            : { title: 'Dare request declined' },
        ),
      onError: (error) =>
        toast({
          title: 'Failed to decline dare request',
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <li>
      <article
        aria-labelledby={`request-${request.id}-title`}
        className="overflow-hidden rounded-2xl border border-line bg-surface"
      >
        <div className="relative aspect-[16/9] bg-surface-raised">
          {request.coverImage ? (
            <img src={request.coverImage} alt="" className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand/30 to-accent/20">
              <ImageOff className="size-8 text-ink-muted" aria-hidden="true" />
            </div>
          )}
          <span
            className={cn(
              'absolute top-2 right-2 rounded-full px-2.5 py-1 text-xs font-semibold backdrop-blur',
              badge.className,
            )}
          >
            {badge.label}
          </span>
        </div>
        <div className="flex flex-col gap-1.5 p-4">
          <p className="text-xs text-ink-muted">{other}</p>
          <h2 id={`request-${request.id}-title`} className="text-base font-semibold text-ink">
            {request.dareTitle}
          </h2>
          <p className="text-sm font-semibold text-brand">
            Target: {formatDollars(request.targetAmount)}
          </p>
          {request.dareDescription && (
            <p className="line-clamp-3 text-sm text-ink-muted">{request.dareDescription}</p>
          )}
          <p className="text-xs text-ink-muted">
            Sent {formatRelativeTime(request.createdAt)}
            {type === 'sent' && request.status === 'pending' && (
              <> · Expires {formatRelativeTime(request.expiresAt)}</>
            )}
            {type === 'sent' && request.status === 'expired' && (
              <> · Expired {formatRelativeTime(request.expiresAt)}</>
            )}
          </p>
          {type === 'received' && request.status === 'pending' && (
            <div className="mt-2 flex gap-2">
              <Button
                variant="secondary"
                className="flex-1"
                busy={decline.isPending}
                disabled={answering}
                onClick={onDecline}
              >
                Decline
              </Button>
              <Button
                className="flex-1"
                busy={accept.isPending}
                disabled={answering}
                onClick={onAccept}
              >
                Accept
              </Button>
            </div>
          )}
          {type === 'received' && request.dareNeedsPitch && request.dareId && (
            <Button className="mt-2" onClick={() => onAccepted(request.dareId!)}>
              <Video className="size-4" aria-hidden="true" />
              Add pitch video
            </Button>
          )}
          {/* A challenge's dare exists already: its recipient may look before answering. */}
          {(request.status === 'accepted' || (request.challenge && request.status === 'pending')) &&
            request.dareId && (
              <div className="mt-2 flex gap-2">
                <Link
                  href={`/dares/${request.dareId}`}
                  className={buttonClasses('secondary', 'sm', 'flex-1')}
                >
                  View dare
                </Link>
                {type === 'sent' && (
                  <Link
                    href={`/fund/${request.dareId}`}
                    className={buttonClasses('primary', 'sm', 'flex-1')}
                  >
                    Pledge
                  </Link>
                )}
              </div>
            )}
        </div>
      </article>
    </li>
  );
}
