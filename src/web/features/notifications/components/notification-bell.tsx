import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/web/lib/cn';
import { useUnreadCount } from '../api/notifications';

/**
 * A bell linking to /notifications, with the unread count as a badge (signed in only). The
 * caller positions it (`relative` or `absolute`): the badge sits on its corner.
 */
export function NotificationBell({ className }: { className?: string }) {
  const { data: unread } = useUnreadCount();
  if (unread === undefined) return null;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      href="/notifications"
      aria-label={label}
      className={cn(
        'flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand',
        className,
      )}
    >
      <Bell className="size-6" aria-hidden="true" />
      {unread > 0 && (
        <span
          data-testid="unread-badge"
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-strong px-1 text-xs leading-5 font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
