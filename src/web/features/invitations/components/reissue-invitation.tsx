import { Link2 } from 'lucide-react';
import { useState } from 'react';
import type { DareView } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { toast } from '@/web/components/ui/toast-store';
import { useReissueInvitation } from '../api/reissue-invitation';
import { InvitationLinkFields } from './invitation-link-fields';

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
      <Dialog open={url !== null} onOpenChange={(open) => !open && setUrl(null)}>
        <DialogContent
          title="New invitation link"
          description="The previous link no longer works. Send this one to the person you challenged."
        >
          {url && <InvitationLinkFields url={url} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
