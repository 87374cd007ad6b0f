import { Link2 } from 'lucide-react';
import { useState } from 'react';
import type { DareView } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { useReissueInvitation } from '../api/reissue-invitation';

// Loaded when first opened: the dialog is no part of the dare detail's first screen.
const NewInvitationLinkDialog = retryableLazy(() =>
  import('./new-invitation-link-dialog').then((m) => ({ default: m.NewInvitationLinkDialog })),
);

/** A challenge sent by email or phone that nobody has taken on yet, still open. */
export function awaitsInvitee(dare: DareView): boolean {
  return (
    dare.dareType === 'challenge' &&
    (dare.recipientType === 'email' || dare.recipientType === 'phone') &&
    dare.takerId === null &&
    (dare.status === 'pending' || dare.status === 'active') &&
    Date.parse(dare.expiresAt) > Date.now()
  );
}

/**
 * The creator's way to a new invitation link (only a hash of the old one is kept, so it
 * cannot be shown again): for a lost link, or after the invitee declined.
 */
export function ReissueInvitation({ dare }: { dare: DareView }) {
  const reissue = useReissueInvitation(dare.id);
  const [url, setUrl] = useState<string | null>(null);
  if (!awaitsInvitee(dare)) return null;

  const issue = () =>
    reissue.mutate(undefined, {
      onSuccess: (result) => setUrl(result.invitationUrl),
      onError: (error) =>
        toast({
          title: 'Something went wrong',
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <>
      <Button variant="outline" className="w-full" busy={reissue.isPending} onClick={issue}>
        <Link2 className="size-4" aria-hidden="true" />
        New invitation link
      </Button>
      <WhenOpened open={url !== null}>
        <NewInvitationLinkDialog url={url} onClose={() => setUrl(null)} />
      </WhenOpened>
    </>
  );
}
