import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Share2 } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import type { CurrentUser } from '@/contracts/user';
import { isModerator } from '@/domain/moderation-roles';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { useLogout } from '@/web/features/auth/api/logout';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { PayoutAccountCard } from '@/web/features/billing/components/payout-account-card';
import { NotificationBell } from '@/web/features/notifications/components/notification-bell';
import { useOpenedOnce } from '@/web/lib/lazy-dialog';
import { isFromPage } from '@/web/lib/page-data';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { OwnStats } from '../components/own-stats';
import { ProfileDareTabs } from '../components/profile-dare-tabs';
import { type ProfileDialog, ProfileMenuButton } from '../components/profile-menu-button';
import { ProfileSummary } from '../components/profile-summary';
import { shareProfile } from '../utils/share-profile';

// The dialogs' code (forms, react-hook-form, zod) loads when one first opens, not with the
// profile: it is most of the screen's JavaScript and none of its first paint.
const EditProfileDialog = retryableLazy(() =>
  import('../components/edit-profile-dialog').then((m) => ({ default: m.EditProfileDialog })),
);
const NotificationSettingsDialog = retryableLazy(() =>
  import('@/web/features/notifications/components/notification-settings-dialog').then((m) => ({
    default: m.NotificationSettingsDialog,
  })),
);
const BillingDialog = retryableLazy(() =>
  import('@/web/features/billing/components/billing-dialog').then((m) => ({
    default: m.BillingDialog,
  })),
);

export function ProfilePage() {
  return <RequireAuth>{(user) => <OwnProfile user={user} />}</RequireAuth>;
}

/**
 * The counts change through other people (a new follower, a payout): opening the profile
 * reads them again rather than showing the copy cached at page load - unless that copy is
 * the page's own, read for it a moment ago (web/lib/page-data.ts).
 */
function useFreshCurrentUser() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isFromPage(queryClient.getQueryState(currentUserQueryKey)?.dataUpdatedAt)) return;
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [queryClient]);
}

function OwnProfile({ user }: { user: CurrentUser }) {
  useFreshCurrentUser();
  // Emails link to /profile?settings=notifications: the settings open at once.
  const [dialog, setDialog] = useState<ProfileDialog | null>(() =>
    new URLSearchParams(window.location.search).get('settings') === 'notifications'
      ? 'notifications'
      : null,
  );
  const logout = useLogout();
  const closeUnless = (which: ProfileDialog) => (open: boolean) => setDialog(open ? which : null);
  const share = () => void shareProfile(user);
  const editOpened = useOpenedOnce(dialog === 'edit');
  const notificationsOpened = useOpenedOnce(dialog === 'notifications');
  const billingOpened = useOpenedOnce(dialog === 'billing');

  return (
    <>
      <PageHeader
        title={user.username}
        actions={
          <>
            <NotificationBell className="relative text-ink hover:bg-surface-raised" />
            <ProfileMenuButton
              onOpenDialog={setDialog}
              onShare={share}
              onLogout={() => logout.mutate()}
              loggingOut={logout.isPending}
              moderator={isModerator(user)}
            />
          </>
        }
      />
      <ProfileSummary user={user} session={user.session}>
        <OwnStats user={user} />
      </ProfileSummary>
      <div className="mt-4 flex justify-center gap-2 px-5">
        <Button variant="secondary" className="flex-1" onClick={() => setDialog('edit')}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit Profile
        </Button>
        <Button variant="secondary" className="flex-1" onClick={share}>
          <Share2 className="size-4" aria-hidden="true" />
          Share Profile
        </Button>
      </div>
      <PayoutAccountCard className="mx-5 mt-4" />
      <ProfileDareTabs userId={user.id} />
      <Suspense fallback={null}>
        {editOpened && (
          <EditProfileDialog
            user={user}
            open={dialog === 'edit'}
            onOpenChange={closeUnless('edit')}
          />
        )}
        {notificationsOpened && (
          <NotificationSettingsDialog
            open={dialog === 'notifications'}
            onOpenChange={closeUnless('notifications')}
          />
        )}
        {billingOpened && (
          <BillingDialog open={dialog === 'billing'} onOpenChange={closeUnless('billing')} />
        )}
      </Suspense>
    </>
  );
}
