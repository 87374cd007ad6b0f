import {
  AlertTriangle,
  BadgeCheck,
  Banknote,
  CheckCircle2,
  Clock,
  CreditCard,
  HandCoins,
  Hourglass,
  Inbox,
  type LucideIcon,
  ShieldAlert,
  ShieldCheck,
  Target,
  ThumbsDown,
  ThumbsUp,
  Trophy,
  Undo2,
  Unlock,
  UserCheck,
  UserPlus,
  UserX,
  Video,
  XCircle,
} from 'lucide-react';
import { Link } from 'wouter';
import type { NotificationKind, NotificationView } from '@/contracts/notifications';
import { cn } from '@/web/lib/cn';
import { relativeTime } from '../lib/relative-time';

const ICONS: Record<NotificationKind, LucideIcon> = {
  pledge_received: HandCoins,
  pledge_cancelled: Undo2,
  goal_reached: Target,
  proof_submitted: Video,
  dare_completed: CheckCircle2,
  proof_rejected: XCircle,
  dare_failed: XCircle,
  card_charged: CreditCard,
  hold_released: Unlock,
  payout_sent: Banknote,
  payout_waiting: Clock,
  hold_renewal_failed: AlertTriangle,
  dare_request_received: Inbox,
  dare_request_accepted: ThumbsUp,
  dare_request_declined: ThumbsDown,
  dare_request_expired: Hourglass,
  challenge_received: Inbox,
  challenge_accepted: UserCheck,
  challenge_declined: UserX,
  new_follower: UserPlus,
  achievement_unlocked: Trophy,
  dare_removed: ShieldAlert,
  moderation_warning: ShieldAlert,
  report_resolved: ShieldCheck,
};

/** One row: icon, the line, its detail, when, and an unread dot; the whole row is the link
 * (opening it marks it read). */
export function NotificationRow({ item, onOpen }: { item: NotificationView; onOpen: () => void }) {
  const Icon = ICONS[item.kind] ?? BadgeCheck;
  return (
    <li>
      <Link
        href={item.href}
        onClick={onOpen}
        className={cn(
          'flex gap-3 px-4 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand',
          item.read ? 'bg-transparent' : 'bg-brand/10',
        )}
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-raised text-brand">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm text-ink', !item.read && 'font-semibold')}>
            {!item.read && <span className="sr-only">Unread: </span>}
            {item.text}
          </span>
          <span className="mt-0.5 block text-sm text-ink-muted">{item.detail}</span>
          <time dateTime={item.createdAt} className="mt-1 block text-xs text-ink-muted">
            {relativeTime(item.createdAt)}
          </time>
        </span>
        {!item.read && (
          <span
            data-testid="unread-dot"
            aria-hidden="true"
            className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand"
          />
        )}
      </Link>
    </li>
  );
}
