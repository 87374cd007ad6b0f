import { Search, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/toast-store';
import { useUserSearch } from '../api/search-users';
import { useStartConversation } from '../api/start-conversation';
import { displayNameOf } from '../lib/names';

interface NewConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'New Message': a searchable list of people; choosing one opens the conversation. */
export function NewConversationDialog({ open, onOpenChange }: NewConversationDialogProps) {
  const [query, setQuery] = useState('');
  const users = useUserSearch(query, open);
  const start = useStartConversation();
  const [, navigate] = useLocation();
  const inputId = useId();

  const choose = (userId: number) =>
    start.mutate(userId, {
      onSuccess: (conversation) => {
        onOpenChange(false);
        navigate(`/inbox/${conversation.id}`);
      },
      onError: (error) =>
        toast({
          title: 'Could not start the conversation',
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="New Message" description="Choose someone to message.">
        <label htmlFor={inputId} className="sr-only">
          Search people
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted"
            aria-hidden="true"
          />
          <Input
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search by name or username"
            className="pl-10"
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <div className="mt-3 max-h-[50dvh] min-h-40 overflow-y-auto">
          {users.isPending && (
            <div role="status" aria-label="Loading people" className="space-y-2">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          )}
          {users.isError && (
            <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center">
              <p className="text-sm text-ink-muted">Could not load people.</p>
              <Button variant="secondary" size="sm" onClick={() => void users.refetch()}>
                Try again
              </Button>
            </div>
          )}
          {users.data?.length === 0 && (
            <p className="flex flex-col items-center gap-2 py-8 text-sm text-ink-muted">
              <UserX className="size-6" aria-hidden="true" />
              {query.trim() ? `No one matches "${query.trim()}"` : 'No one else is here yet'}
            </p>
          )}
          {users.data && users.data.length > 0 && (
            <ul aria-label="People" className="divide-y divide-line/60">
              {users.data.map((user) => {
                const name = displayNameOf(user);
                const busy = start.isPending && start.variables === user.id;
                return (
                  <li key={user.id}>
                    <button
                      type="button"
                      disabled={start.isPending}
                      onClick={() => choose(user.id)}
                      className="flex w-full items-center gap-3 rounded-xl px-2 py-2.5 text-left transition-colors hover:bg-surface-raised focus-visible:bg-surface-raised focus-visible:outline-none disabled:opacity-60"
                    >
                      <Avatar name={name} src={user.profilePicture} size="sm" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-semibold text-ink">{name}</span>
                        <span className="block truncate text-sm text-ink-muted">
                          @{user.username}
                        </span>
                      </span>
                      {busy && <Spinner className="size-4" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
