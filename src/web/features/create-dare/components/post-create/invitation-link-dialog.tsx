import { Button } from '@/web/components/ui/button';
import { InvitationLinkFields } from '@/web/features/invitations/components/invitation-link-fields';
import { FundingDialog } from './funding-dialog';

/** A just-created challenge's link for its creator to send: shown once, only its hash is kept. */
export type InvitationToSend = {
  url: string;
  /** The phone number or email address the creator entered. */
  contact: string;
  channel: 'email' | 'phone';
};

interface InvitationLinkDialogProps {
  invitation: InvitationToSend;
  /** Done sharing: the flow goes on to the creator's pledge. */
  onContinue: () => void;
}

/**
 * The creator sends the invitation link themselves, through the share sheet or by copying
 * it: always for a phone number (there is no SMS provider), and for an email address the
 * server did not email (no mailer configured), which must not be called emailed.
 */
export function InvitationLinkDialog({ invitation, onContinue }: InvitationLinkDialogProps) {
  const { url, contact, channel } = invitation;
  const description =
    channel === 'email'
      ? `We did not email it. Send this link to ${contact}.`
      : `Send this link to ${contact}.`;
  return (
    <FundingDialog
      step="invite"
      title="Send your invitation"
      description={description}
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
