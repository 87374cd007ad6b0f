import { Link } from 'wouter';
import type { ModerationLogEntry } from '@/contracts/moderation';
import { formatRelativeTime } from '@/web/features/dares/utils/format-dare';
import { formatDate } from '@/web/lib/format';
import { ACTION_WORDS, TARGET_NAMES } from '../lib/moderation-actions';

/** Where a target can be looked at; proofs, comments and messages have no page of their own. */
function targetHref(entry: ModerationLogEntry): string | null {
  if (entry.targetType === 'dare') return `/dares/${entry.targetId}`;
  if (entry.targetType === 'user') return `/users/${entry.targetId}`;
  return null;
}

/** One audit-log row: who did what to which target, why, and when. */
export function LogEntry({ entry }: { entry: ModerationLogEntry }) {
  const target = `${TARGET_NAMES[entry.targetType]} #${entry.targetId}`;
  const href = targetHref(entry);
  return (
    <li className="flex flex-col gap-1.5 rounded-2xl border border-line bg-surface p-4 text-sm">
      <p className="text-ink">
        <Link
          href={`/users/${entry.moderator.id}`}
          className="font-semibold underline-offset-2 hover:underline"
        >
          @{entry.moderator.username}
        </Link>{' '}
        {ACTION_WORDS[entry.action].logged(entry.targetType === 'user')}{' '}
        {href ? (
          <Link
            href={href}
            className="font-semibold text-accent underline-offset-2 hover:underline"
          >
            {target}
          </Link>
        ) : (
          <span className="font-semibold">{target}</span>
        )}
        {entry.action === 'suspend' && (
          <span> {entry.until ? `until ${formatDate(entry.until)}` : 'for good'}</span>
        )}
      </p>
      <p className="break-words whitespace-pre-wrap text-ink-muted">
        <span className="sr-only">Reason: </span>“{entry.reason}”
      </p>
      <time
        dateTime={entry.createdAt}
        title={formatDate(entry.createdAt)}
        className="text-xs text-ink-muted"
      >
        {formatRelativeTime(entry.createdAt)}
      </time>
    </li>
  );
}
