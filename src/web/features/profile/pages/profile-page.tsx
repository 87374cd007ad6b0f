import { Pencil, Share2 } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@/contracts/user';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { useLogout } from '@/web/features/auth/api/logout';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { BillingDialog } from '@/web/features/billing/components/billing-dialog';
import { PayoutAccountCard } from '@/web/features/billing/components/payout-account-card';
import { NotificationBell } from '@/web/features/notifications/components/notification-bell';
import { EditProfileDialog } from '../components/edit-profile-dialog';
import { FeatureInfoDialog } from '../components/feature-info-dialog';
import { ProfileDareTabs } from '../components/profile-dare-tabs';
import { type ProfileDialog, ProfileMenu } from '../components/profile-menu';
import { ProfileSummary } from '../components/profile-summary';
import { shareProfile } from '../utils/share-profile';

export function ProfilePage() {
  return <RequireAuth>{(user) => <OwnProfile user={user} />}</RequireAuth>;
}

function OwnProfile({ user }: { user: CurrentUser }) {
  const [dialog, setDialog] = useState<ProfileDialog | null>(null);
  const logout = useLogout();
  const closeUnless = (which: ProfileDialog) => (open: boolean) => setDialog(open ? which : null);
  const share = () => void shareProfile(user);

  return (
    <>
      <PageHeader
        title={user.username}
        actions={
          <>
            <NotificationBell className="relative text-ink hover:bg-surface-raised" />
            <ProfileMenu
              onOpenDialog={setDialog}
              onShare={share}
              onLogout={() => logout.mutate()}
              loggingOut={logout.isPending}
            />
          </>
        }
      />
      <ProfileSummary user={user} />
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
      <EditProfileDialog user={user} open={dialog === 'edit'} onOpenChange={closeUnless('edit')} />
      <FeatureInfoDialog
        open={dialog === 'notifications'}
        onOpenChange={closeUnless('notifications')}
        title="Notification Settings"
        description="Choosing which alerts you get is not available yet. It arrives together with the inbox and email notifications."
      />
      <BillingDialog open={dialog === 'billing'} onOpenChange={closeUnless('billing')} />
    </>
  );
}
