import { Swords } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { authPathFor } from '@/web/lib/safe-redirect';
import { SendRequestDialog } from './send-request-dialog';

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
      {me && <SendRequestDialog open={open} onOpenChange={setOpen} recipient={user} />}
    </>
  );
}
