import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { MenuStandIn } from '@/web/components/ui/menu-stand-in';
import { retryableLazy } from '@/web/lib/retryable-lazy';

export type ProfileDialog = 'edit' | 'notifications' | 'billing';

export interface ProfileMenuProps {
  onOpenDialog: (dialog: ProfileDialog) => void;
  onShare: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  /** Moderators (and admins) get a way to the moderation queue. */
  moderator: boolean;
}

/** The trigger's look, the same for the stand-in below and the menu's own trigger. */
export const MENU_TRIGGER_CLASS =
  'flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-raised';

const loadMenu = () => import('./profile-menu');
const ProfileMenu = retryableLazy(() => loadMenu().then((m) => ({ default: m.ProfileMenu })));
const preload = () => void loadMenu().catch(() => undefined);

/**
 * The profile's menu button. The menu (Radix DropdownMenu with its positioning, focus and
 * scroll-lock code) is about a third of the profile's JavaScript and none of its first paint
 * (issue 14), so until first used this is a stand-in that looks and announces the same;
 * pointing at or focusing it starts the download, pressing it mounts the menu open.
 */
export function ProfileMenuButton(props: ProfileMenuProps) {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <MenuStandIn
      label="Profile menu"
      className={MENU_TRIGGER_CLASS}
      onPreload={preload}
      onOpen={() => setWanted(true)}
    >
      <Menu className="size-6" aria-hidden="true" />
    </MenuStandIn>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ProfileMenu {...props} defaultOpen />
    </Suspense>
  );
}
