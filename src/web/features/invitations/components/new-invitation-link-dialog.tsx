import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { InvitationLinkFields } from './invitation-link-fields';

/** The creator's new invitation link (ReissueInvitation loads this when it first opens). */
export function NewInvitationLinkDialog({
  url,
  onClose,
}: {
  url: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="New invitation link"
        description="The previous link no longer works. Send this one to the person you challenged."
      >
        {url && <InvitationLinkFields url={url} />}
      </DialogContent>
    </Dialog>
  );
}
