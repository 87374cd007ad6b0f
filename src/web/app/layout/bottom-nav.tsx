import { Compass, House, type LucideIcon, MessageCircle, Plus, User } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import {
  CreateDareHost,
  preloadCreateDare,
  useOpenCreateDare,
} from '@/web/features/create-dare/components/create-dare-host';
import { useInboxUnreadCount } from '@/web/features/inbox/api/get-conversations';
import { cn } from '@/web/lib/cn';

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
}

const leftItems: NavItem[] = [
  { href: '/', label: 'Feed', icon: House },
  { href: '/discover', label: 'Discover', icon: Compass },
];
const rightItems: NavItem[] = [
  { href: '/inbox', label: 'Inbox', icon: MessageCircle },
  { href: '/profile', label: 'Me', icon: User },
];

function isActive(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

/** `count`: a number on the icon (the Inbox's unread messages). */
function NavLink({ item, active, count = 0 }: { item: NavItem; active: boolean; count?: number }) {
  const Icon = item.icon;
  return (
    <li className="flex-1">
      <Link
        href={item.href}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex h-14 flex-col items-center justify-center gap-0.5 rounded-xl text-[11px] font-semibold transition-colors',
          active ? 'text-ink' : 'text-ink-muted hover:text-ink',
        )}
      >
        <span className="relative">
          <Icon className="size-6" strokeWidth={active ? 2.5 : 2} aria-hidden="true" />
          {count > 0 && (
            <span
              data-testid="inbox-badge"
              className="absolute -top-1.5 -right-2.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-brand-strong px-1 text-[10px] leading-none font-bold text-white ring-2 ring-canvas"
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </span>
        {item.label}
        {count > 0 && <span className="sr-only">, {count} unread</span>}
      </Link>
    </li>
  );
}

export function BottomNav() {
  const [location] = useLocation();
  const openCreateDare = useOpenCreateDare();
  const inboxUnread = useInboxUnreadCount();
  return (
    <nav
      aria-label="Main"
      data-bottom-nav=""
      className="fixed inset-x-0 bottom-0 z-30 mx-auto w-full max-w-[430px] border-t border-line bg-canvas/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="flex items-center px-2">
        {leftItems.map((item) => (
          <NavLink key={item.href} item={item} active={isActive(item.href, location)} />
        ))}
        <li className="flex flex-1 justify-center">
          <button
            type="button"
            onClick={openCreateDare}
            onPointerEnter={preloadCreateDare}
            onFocus={preloadCreateDare}
            aria-label="Create a dare"
            aria-haspopup="dialog"
            className="group relative flex h-9 w-13 items-center justify-center"
          >
            <span
              aria-hidden="true"
              className="absolute inset-0 -translate-x-1 rounded-xl bg-accent"
            />
            <span
              aria-hidden="true"
              className="absolute inset-0 translate-x-1 rounded-xl bg-brand"
            />
            <span className="relative flex h-full w-full items-center justify-center rounded-xl bg-white text-black transition-transform group-active:scale-95">
              <Plus className="size-6" strokeWidth={3} aria-hidden="true" />
            </span>
          </button>
          <CreateDareHost />
        </li>
        {rightItems.map((item) => (
          <NavLink
            key={item.href}
            item={item}
            active={isActive(item.href, location)}
            count={item.href === '/inbox' ? inboxUnread : 0}
          />
        ))}
      </ul>
    </nav>
  );
}
