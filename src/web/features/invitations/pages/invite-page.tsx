import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, LinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { INVITATION_MESSAGES } from '@/contracts/invitations';
import { PageFallback } from '@/web/app/layout/page-fallback';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { isApiError } from '@/web/lib/api-client';
import { invitationKey, useInvitation } from '../api/get-invitation';
import { InvitationActions } from '../components/invitation-actions';
import { InvitationSummary } from '../components/invitation-summary';

/**
 * /invite/{token}: a challenge sent by email or as a link (DESIGN.md section 6). Anyone
 * holding the link sees the dare; signed in, they accept it (and become its taker) or
 * decline it; signed out, they sign in or register and come back here.
 */
export function InvitePage() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const invitation = useInvitation(token);
  const user = useCurrentUser();

  let body: ReactNode;
  if (invitation.isPending || user.isPending) {
    body = <PageFallback />;
  } else if (invitation.isError) {
    const gone = isApiError(invitation.error, 404);
    body = (
      <EmptyState
        icon={gone ? LinkIcon : CloudOff}
        title={gone ? 'Invitation not available' : 'Failed to load dare details'}
        description={gone ? INVITATION_MESSAGES.invalid : invitation.error.message}
        className="flex-1 justify-center"
        action={
          <div className="flex gap-3">
            {!gone && (
              <Button
                variant="secondary"
                busy={invitation.isFetching}
                onClick={() => void invitation.refetch()}
              >
                Try again
              </Button>
            )}
            <Button onClick={() => navigate('/')}>Go home</Button>
          </div>
        }
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-6 px-4 py-5">
        <InvitationSummary invitation={invitation.data} />
        <InvitationActions
          token={token}
          invitation={invitation.data}
          userId={user.data?.id ?? null}
          onGone={() => void queryClient.invalidateQueries({ queryKey: invitationKey(token) })}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Invitation" backTo="/" />
      {body}
    </>
  );
}
