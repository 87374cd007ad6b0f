import { useState } from 'react';
import { Link } from 'wouter';
import type { ModerationAction, ModerationQueueItem } from '@/contracts/moderation';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { nameOf } from '@/web/features/dares/utils/format-dare';
import { formatDate, pluralize } from '@/web/lib/format';
import { actionWords, availableActions, TARGET_NAMES } from '../lib/moderation-actions';
import { ModerationActionDialog } from './moderation-action-dialog';
import { QueueContent } from './queue-content';
import { QueueReporters } from './queue-reporters';
import { StateBadge } from './state-badge';

/** One reported target: what it is, whose, why it was reported, and the decisions to take. */
export function QueueCard({ item }: { item: ModerationQueueItem }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const name = TARGET_NAMES[item.targetType];
  const headingId = `case-${item.caseId}`;
  const heading =
    item.content.title ?? `${name[0]?.toUpperCase()}${name.slice(1)} #${item.targetId}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="font-semibold tracking-wide text-ink-muted uppercase">
            {name}
            {item.reportCount > 0 && ` · ${pluralize(item.reportCount, 'report')}`}
          </span>
          {item.hidden && <StateBadge tone="warn">Hidden</StateBadge>}
          {item.content.moderationState === 'removed' && (
            <StateBadge tone="danger">Removed</StateBadge>
          )}
        </div>
        <h2 id={headingId} className="text-lg font-semibold break-words text-ink">
          {heading}
        </h2>
        {item.screening && (
          <p className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-ink">
            Held by the danger screen: {item.screening}
          </p>
        )}
      </div>
      <QueueContent item={item} />
      {item.owner && <OwnerLine owner={item.owner} />}
      {item.reporters.length > 0 && <QueueReporters item={item} />}
      <fieldset>
        <legend className="sr-only">Actions on {heading}</legend>
        <div className="flex flex-wrap gap-2">
          {availableActions(item).map((each) => (
            <Button
              key={each}
              size="sm"
              variant={actionWords(each, item).danger ? 'destructive' : 'secondary'}
              onClick={() => setAction(each)}
            >
              {actionWords(each, item).button}
            </Button>
          ))}
        </div>
      </fieldset>
      <ModerationActionDialog item={item} action={action} onClose={() => setAction(null)} />
    </li>
  );
}

function OwnerLine({ owner }: { owner: NonNullable<ModerationQueueItem['owner']> }) {
  const name = nameOf(owner);
  return (
    <div className="flex items-center gap-3">
      <Avatar name={name} src={owner.profilePicture} size="sm" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-ink-muted">Owner</p>
        <Link
          href={`/users/${owner.id}`}
          className="block truncate font-semibold text-ink underline-offset-2 hover:underline"
        >
          {name} <span className="font-normal text-ink-muted">@{owner.username}</span>
        </Link>
        {owner.suspended && (
          <div className="mt-1">
            <StateBadge tone="danger">
              {owner.suspendedUntil
                ? `Suspended until ${formatDate(owner.suspendedUntil)}`
                : 'Suspended'}
            </StateBadge>
          </div>
        )}
      </div>
    </div>
  );
}
