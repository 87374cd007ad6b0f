import { Button } from '@/web/components/ui/button';
import { InvitationLinkFields } from '@/web/features/invitations/components/invitation-link-fields';
import { FundingDialog } from './funding-dialog';

interface InvitationLinkDialogProps {
  /** The phone challenge's invitation link: shown once, only its hash is kept. */
  url: string;
  /** The phone number the creator entered. */
  contact: string;
  /** Done sharing: the flow goes on to the creator's pledge. */
  onContinue: () => void;
}

/**
 * A challenge for a phone number: there is no SMS provider, so the creator sends the
 * invitation link themselves, through the share sheet or by copying it.
 */
export function InvitationLinkDialog({ url, contact, onContinue }: InvitationLinkDialogProps) {
  return (
    <FundingDialog
      step="invite"
      title="Send your invitation"
      description={`Send this link to ${contact}.`}
      locked={false}
      onDismiss={onContinue}
    >
      <div className="flex flex-col gap-3">
        <InvitationLinkFields url={url} />
        <Button variant="outline" onClick={onContinue}>
          Continue
        </Button>
      </div>
    </FundingDialog>
  );
}
