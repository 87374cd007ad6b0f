import type { DareUser } from '@/contracts/dares';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { loadFailureText } from '@/web/lib/api-client';
import { useBlocks } from '../api/get-blocks';
import { useBlockAction } from './use-block-action';

/** Settings' list of the people the user blocked, each with Unblock (issue 21 item 5). */
export function BlockedAccounts() {
  const blocks = useBlocks();
  if (blocks.isPending) {
    return (
      <div role="status" aria-label="Loading blocked accounts" className="flex flex-col gap-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (blocks.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        {loadFailureText(blocks.error, 'Could not load blocked accounts.')}
        <Button variant="secondary" size="sm" onClick={() => void blocks.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (blocks.data.blocks.length === 0) {
    return <p className="text-sm text-ink-muted">You haven't blocked anyone.</p>;
  }
  return (
    <ul aria-label="Blocked accounts" className="flex flex-col divide-y divide-line">
      {blocks.data.blocks.map(({ user }) => (
        <BlockedRow key={user.id} user={user} />
      ))}
    </ul>
  );
}

function BlockedRow({ user }: { user: DareUser }) {
  const name = user.displayName?.trim() || user.username;
  const block = useBlockAction({ id: user.id, name });
  return (
    <li className="flex items-center gap-3 py-2.5">
      <Avatar name={name} src={user.profilePicture} size="md" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-semibold text-ink">{name}</span>
        <span className="truncate text-sm text-ink-muted">@{user.username}</span>
      </span>
      <Button variant="secondary" size="sm" aria-label={`Unblock ${name}`} onClick={block.ask}>
        Unblock
      </Button>
      {block.dialog}
    </li>
  );
}
