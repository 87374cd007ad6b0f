import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { InvitationView } from '@/contracts/invitations';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { isApiError } from '@/web/lib/api-client';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useAcceptInvitation, useDeclineInvitation } from '../api/respond-to-invitation';
import { challengeAcceptedToast, challengeDeclinedToast } from '../lib/challenge-answer-toasts';

interface Props {
  token: string;
  invitation: InvitationView;
  /** The signed-in user's id; null when signed out. */
  userId: number | null;
  /** The link stopped working meanwhile (used, declined, expired): show that instead. */
  onGone: () => void;
}

/** Accept or decline when signed in; the way to sign in (and back here) otherwise. */
export function InvitationActions({ token, invitation, userId, onGone }: Props) {
  const [, navigate] = useLocation();
  const accept = useAcceptInvitation(token);
  const decline = useDeclineInvitation(token);
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const busy = accept.isPending || decline.isPending;

  const failed = (error: Error) => {
    if (isApiError(error, 404)) onGone();
    toast({ title: 'Something went wrong', description: error.message, variant: 'destructive' });
  };

  if (userId === null) {
    return (
      <div className="flex flex-col gap-3 rounded-2xl bg-surface-raised p-4">
        <p className="text-sm text-ink">Sign in or create an account to accept</p>
        <Button size="lg" onClick={() => navigate(authPathFor(`/invite/${token}`))}>
          <LogIn className="size-4" aria-hidden="true" />
          Sign in or create an account
        </Button>
      </div>
    );
  }

  if (userId === invitation.creator.id) {
    return (
      <p role="status" className="rounded-2xl bg-surface-raised p-4 text-sm text-ink-muted">
        This is your own challenge. Send this link to the person you challenged: whoever accepts it
        becomes the taker.
      </p>
    );
  }

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (dare) => {
        toast(challengeAcceptedToast);
        navigate(`/dares/${dare.id}`, { replace: true });
      },
      onError: failed,
    });

  const onDecline = () =>
    decline.mutate(undefined, {
      onSuccess: () => {
        toast(challengeDeclinedToast(invitation.creator.username));
        navigate('/', { replace: true });
      },
      onError: failed,
    });

  if (confirmingDecline) {
    return (
      <div className="flex flex-col gap-3 rounded-2xl bg-surface-raised p-4">
        <p className="text-sm text-ink">
          Decline this challenge? The link stops working and the creator is told.
        </p>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="outline" disabled={busy} onClick={() => setConfirmingDecline(false)}>
            Keep it
          </Button>
          <Button variant="destructive" busy={decline.isPending} onClick={onDecline}>
            Decline
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        Accept to become the taker: do the dare and submit your proof before it expires. The pledges
        are paid to you once the pledgers approve it.
      </p>
      <Button size="lg" busy={accept.isPending} disabled={busy} onClick={onAccept}>
        {accept.isPending ? 'Accepting...' : 'Accept challenge'}
      </Button>
      <Button variant="outline" disabled={busy} onClick={() => setConfirmingDecline(true)}>
        Decline
      </Button>
    </div>
  );
}
