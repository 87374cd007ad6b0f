import { CloudOff, Laptop, Smartphone } from 'lucide-react';
import type { AccountSession } from '@/contracts/account-security';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/toast-store';
import { relativeTime } from '@/web/features/notifications/lib/relative-time';
import { useAccountSessions, useEndSessions } from '../api/account-security';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android']);

/** Every browser signed in to the account; any but this one can be signed out here. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const end = useEndSessions();
  const failed = (error: Error) =>
    toast({ title: 'Could not sign out', description: error.message, variant: 'destructive' });

  if (sessions.isPending)
    return (
      <div role="status" aria-label="Loading sessions" className="flex flex-col gap-2">
        <Skeleton className="h-16 w-full rounded-xl" />
        <Skeleton className="h-16 w-full rounded-xl" />
      </div>
    );
  if (sessions.isError)
    return (
      <EmptyState
        icon={CloudOff}
        title="Couldn't load your sessions"
        description={sessions.error.message}
        headingLevel={3}
        action={
          <Button variant="secondary" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        }
      />
    );

  const others = sessions.data.items.filter((session) => !session.current);
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Signed-in devices" className="flex flex-col gap-2">
        {sessions.data.items.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={end.isPending && end.variables !== 'others' && end.variables?.id === session.id}
            onEnd={() => end.mutate({ id: session.id }, { onError: failed })}
          />
        ))}
      </ul>
      {others.length > 0 && (
        <Button
          variant="outline"
          busy={end.isPending && end.variables === 'others'}
          onClick={() => end.mutate('others', { onError: failed })}
        >
          Sign out all other devices
        </Button>
      )}
    </div>
  );
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: AccountSession;
  ending: boolean;
  onEnd: () => void;
}) {
  const Icon = MOBILE_SYSTEMS.has(session.system) ? Smartphone : Laptop;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line p-3">
      <Icon className="size-6 shrink-0 text-ink-muted" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">
          {session.device}
          {session.current && <span className="ml-2 text-sm text-brand">This device</span>}
        </p>
        <p className="text-sm text-ink-muted">
          Signed in {relativeTime(session.createdAt)} · Last used {relativeTime(session.lastUsedAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          busy={ending}
          onClick={onEnd}
          aria-label={`Sign out ${session.device}`}
          className="min-h-11 shrink-0"
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
