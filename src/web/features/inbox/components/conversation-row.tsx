import { Link } from 'wouter';
import type { ConversationView } from '@/contracts/conversations';
import { Avatar } from '@/web/components/ui/avatar';
import { relativeTime } from '@/web/features/notifications/lib/relative-time';
import { cn } from '@/web/lib/cn';
import { displayNameOf, otherParticipant } from '../lib/names';

/** One conversation in the inbox: who, the last message, when, and how many are unread. */
export function ConversationRow({
  conversation,
  meId,
}: {
  conversation: ConversationView;
  meId: number;
}) {
  const other = otherParticipant(conversation, meId);
  const name = displayNameOf(other);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount;
  const preview = last
    ? `${last.senderId === meId ? 'You: ' : ''}${last.content}`
    : 'No messages yet';
  return (
    <li>
      <Link
        href={`/inbox/${conversation.id}`}
        aria-label={`${name}${unread > 0 ? `, ${unread} unread` : ''}`}
        className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-raised focus-visible:bg-surface-raised focus-visible:outline-none"
      >
        <Avatar name={name} src={other.profilePicture} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className={cn('truncate text-ink', unread > 0 ? 'font-bold' : 'font-semibold')}>
              {name}
            </p>
            <time
              dateTime={last?.createdAt ?? conversation.updatedAt}
              className="shrink-0 text-xs text-ink-muted"
            >
              {relativeTime(last?.createdAt ?? conversation.updatedAt)}
            </time>
          </div>
          <div className="flex items-center justify-between gap-2">
            <p
              className={cn(
                'truncate text-sm',
                unread > 0 ? 'font-medium text-ink' : 'text-ink-muted',
                !last && 'italic',
              )}
            >
              {preview}
            </p>
            {unread > 0 && (
              <span
                aria-hidden="true"
                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-strong px-1.5 text-xs font-bold text-white"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}
