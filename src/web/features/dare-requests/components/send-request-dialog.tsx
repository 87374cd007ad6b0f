import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { type PresetRecipient, SendRequestForm } from './send-request-form';

interface SendRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preset recipient (the other user's profile 'Challenge'); else the form asks for an email. */
  recipient?: PresetRecipient | null;
}

/** The send-request form as a sheet ('Challenge Someone'). */
export function SendRequestDialog({ open, onOpenChange, recipient }: SendRequestDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Challenge Someone"
        description={
          recipient
            ? `Send ${recipient.displayName || `@${recipient.username}`} a dare to take on.`
            : 'Send a dare request by email.'
        }
      >
        <SendRequestForm
          recipient={recipient}
          onSent={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
