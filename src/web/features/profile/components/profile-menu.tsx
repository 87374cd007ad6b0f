import {
  Bell,
  BellRing,
  CreditCard,
  Gavel,
  LogOut,
  Menu,
  Pencil,
  Send,
  Share2,
  ShieldCheck,
  UserX,
} from 'lucide-react';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { MENU_TRIGGER_CLASS, type ProfileMenuProps } from './profile-menu-button';

/**
 * The profile's menu (Radix DropdownMenu). ProfileMenuButton loads it on first use and mounts
 * it open (`defaultOpen`): the press that asked for it has already happened.
 */
export function ProfileMenu({
  onOpenDialog,
  onShare,
  onLogout,
  loggingOut,
  moderator,
  defaultOpen,
}: ProfileMenuProps & { defaultOpen?: boolean }) {
  const [, navigate] = useLocation();
  const icon = 'size-4.5 text-ink-muted';
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        aria-label="Profile menu"
        className={`${MENU_TRIGGER_CLASS} data-[state=open]:bg-surface-raised`}
      >
        <Menu className="size-6" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => navigate('/notifications')}>
          <BellRing className={icon} aria-hidden="true" />
          Notifications
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onOpenDialog('edit')}>
          <Pencil className={icon} aria-hidden="true" />
          Edit Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onShare}>
          <Share2 className={icon} aria-hidden="true" />
          Share Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onOpenDialog('notifications')}>
          <Bell className={icon} aria-hidden="true" />
          Notification Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/send-dare-request')}>
          <Send className={icon} aria-hidden="true" />
          Send Dare Request
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onOpenDialog('billing')}>
          <CreditCard className={icon} aria-hidden="true" />
          Billing &amp; Payment
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings/security')}>
          <ShieldCheck className={icon} aria-hidden="true" />
          Security
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings/privacy')}>
          <UserX className={icon} aria-hidden="true" />
          Privacy &amp; Safety
        </DropdownMenuItem>
        {moderator && (
          <DropdownMenuItem onSelect={() => navigate('/moderation')}>
            <Gavel className={icon} aria-hidden="true" />
            Moderation
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" disabled={loggingOut} onSelect={onLogout}>
          <LogOut className="size-4.5" aria-hidden="true" />
          {loggingOut ? 'Logging out...' : 'Logout'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
