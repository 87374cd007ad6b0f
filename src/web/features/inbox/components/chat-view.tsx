import { useQueryClient } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MessageView } from '@/contracts/conversations';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { isApiError } from '@/web/lib/api-client';
import { CONVERSATIONS_KEY } from '../api/get-conversations';
import { useMessages } from '../api/get-messages';
import { useSendMessage } from '../api/send-message';
import { useDraft } from '../lib/use-draft';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';

type Pending = { key: number; content: string; status: 'sending' | 'failed'; error?: string };
let pendingKeys = 0;

/** Near enough to the bottom that a new message should scroll into view. */
const STICK_PX = 120;

/**
 * The messages of one conversation, oldest at the top, and the composer. A sent message
 * shows at once (optimistic) and, if the server refuses it or the network fails, stays with
 * its text and a Retry: nothing typed is lost.
 */
export function ChatView({ conversationId, meId }: { conversationId: number; meId: number }) {
  const messages = useMessages(conversationId);
  const send = useSendMessage(conversationId);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useDraft(conversationId);
  const [pending, setPending] = useState<Pending[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);

  // Newest page first from the server; shown oldest first. A refetch can shift pages: dedupe.
  const seen = new Set<number>();
  const items: MessageView[] = [];
  for (const page of [...(messages.data?.pages ?? [])].reverse()) {
    for (const message of page.items) {
      if (!seen.has(message.id)) items.push(message);
      seen.add(message.id);
    }
  }
  const newestId = items.at(-1)?.id;

  // A newer message was fetched: the newest page marked it read, so the badge is stale.
  useEffect(() => {
    if (newestId) void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  }, [newestId, queryClient]);

  // Keep the newest in view (unless the reader scrolled up); keep place when older ones load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list grows
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [items.length, pending.length]);

  const deliver = (key: number, content: string) => {
    setPending((list) =>
      list.map((p) => (p.key === key ? { ...p, status: 'sending', error: undefined } : p)),
    );
    send.mutateAsync(content).then(
      () => setPending((list) => list.filter((p) => p.key !== key)),
      (error: unknown) => {
        // The server's words when it answered (rate limit, too long); else it was the network.
        const message = isApiError(error) ? error.message : 'Not sent. Check your connection.';
        setPending((list) =>
          list.map((p) => (p.key === key ? { ...p, status: 'failed', error: message } : p)),
        );
      },
    );
  };
  const onSend = (content: string) => {
    pendingKeys += 1;
    const key = pendingKeys;
    stick.current = true;
    setPending((list) => [...list, { key, content, status: 'sending' }]);
    setDraft('');
    deliver(key, content);
  };
  const loadOlder = () => {
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    void messages.fetchNextPage();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={(event) => {
          const el = event.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        }}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-3"
      >
        {messages.hasNextPage && (
          <div className="flex justify-center pb-3">
            <Button
              variant="ghost"
              size="sm"
              busy={messages.isFetchingNextPage}
              onClick={loadOlder}
            >
              Load older messages
            </Button>
          </div>
        )}
        {messages.isPending && (
          <div role="status" aria-label="Loading messages" className="space-y-3">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
            <Skeleton className="h-10 w-3/5" />
          </div>
        )}
        {messages.isError && items.length === 0 && (
          <div role="alert">
            <EmptyState
              icon={MessageCircle}
              title="Could not load messages"
              description={messages.error.message}
              action={<Button onClick={() => void messages.refetch()}>Try again</Button>}
            />
          </div>
        )}
        {messages.isSuccess && items.length === 0 && pending.length === 0 && (
          <EmptyState
            icon={MessageCircle}
            title="No messages yet"
            description="Say hello!"
            headingLevel={3}
          />
        )}
        <ol aria-label="Messages" aria-live="polite" className="flex flex-col gap-2">
          {items.map((message) => (
            <MessageBubble
              key={message.id}
              content={message.content}
              own={message.senderId === meId}
              createdAt={message.createdAt}
              reportId={message.senderId === meId ? undefined : message.id}
            />
          ))}
          {pending.map((p) => (
            <MessageBubble
              key={`pending-${p.key}`}
              content={p.content}
              own
              status={p.status}
              error={p.error}
              onRetry={() => deliver(p.key, p.content)}
              onDiscard={() => setPending((list) => list.filter((x) => x.key !== p.key))}
            />
          ))}
        </ol>
      </div>
      <MessageComposer value={draft} onChange={setDraft} onSend={onSend} />
    </div>
  );
}
