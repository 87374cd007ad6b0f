import { Swords } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { authPathFor } from '@/web/lib/safe-redirect';

// The form (react-hook-form, zod) loads when the dialog first opens: it was most of
// /users/{id}'s JavaScript and none of its first paint (issue 23 item 5).
const SendRequestDialog = retryableLazy(() =>
  import('./send-request-dialog').then((m) => ({ default: m.SendRequestDialog })),
);

/**
 * 'Challenge' on another user's profile (spec section 2): opens the send-request dialog
 * preset to that user; a visitor who is not logged in goes to log in first.
 */
export function ChallengeButton({
  user,
  className,
}: {
  user: { id: number; username: string; displayName: string | null };
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const { data: me } = useCurrentUser();
  const [location, navigate] = useLocation();
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        aria-label={`Challenge @${user.username}`}
        onClick={() => (me ? setOpen(true) : navigate(authPathFor(location)))}
      >
        <Swords className="size-4" aria-hidden="true" />
        Challenge
      </Button>
      {me && (
        <WhenOpened open={open}>
          <SendRequestDialog open={open} onOpenChange={setOpen} recipient={user} />
        </WhenOpened>
      )}
    </>
  );
}
