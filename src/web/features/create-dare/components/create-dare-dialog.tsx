import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { authPathFor } from '@/web/lib/safe-redirect';
import { CreateDareForm } from './create-dare-form';

interface CreateDareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Logged-out visitors are sent to log in, then back to /dare, which reopens the dialog. */
function SignedInOnly({ children, onLeave }: { children: ReactNode; onLeave: () => void }) {
  const { data: user, isPending } = useCurrentUser();
  const [, navigate] = useLocation();
  const signedOut = !isPending && !user;
  useEffect(() => {
    if (!signedOut) return;
    onLeave();
    navigate(authPathFor('/dare'));
  }, [signedOut, onLeave, navigate]);
  if (user) return children;
  return (
    <div role="status" className="flex justify-center py-10">
      <Spinner className="size-6 text-ink-muted" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}

/** The Create a New Dare sheet; the form mounts afresh each time it opens. */
export function CreateDareDialog({ open, onOpenChange }: CreateDareDialogProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create a New Dare"
        description="Create a challenge for others to fund and watch you complete"
        // A stray tap on the backdrop (or on a toast) must not throw away a recorded pitch.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <SignedInOnly onLeave={close}>
          <CreateDareForm onCreated={close} />
        </SignedInOnly>
      </DialogContent>
    </Dialog>
  );
}
