import { MessageCircle, MessageCircleWarning } from 'lucide-react';
import type { ConversationView } from '@/contracts/conversations';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { loadFailureText } from '@/web/lib/api-client';
import { useConversations } from '../api/get-conversations';
import { ConversationRow } from './conversation-row';

interface ConversationListProps {
  meId: number;
  filter: (conversation: ConversationView) => boolean;
  empty: { title: string; description: string };
  onNewMessage: () => void;
}

/** The inbox list with its loading, error and empty states. */
export function ConversationList({ meId, filter, empty, onNewMessage }: ConversationListProps) {
  const conversations = useConversations();
  if (conversations.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading conversations"
        className="space-y-1 p-4"
      >
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-3 py-2">
            <Skeleton className="size-12 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (conversations.isError && !conversations.data) {
    return (
      <div role="alert">
        <EmptyState
          icon={MessageCircleWarning}
          title="Could not load your messages"
          description={loadFailureText(conversations.error, 'Check your connection and try again.')}
          action={<Button onClick={() => void conversations.refetch()}>Try again</Button>}
        />
      </div>
    );
  }
  const shown = conversations.data.filter(filter);
  if (shown.length === 0) {
    return (
      <EmptyState
        icon={MessageCircle}
        title={empty.title}
        description={empty.description}
        action={<Button onClick={onNewMessage}>New Message</Button>}
      />
    );
  }
  return (
    <ul aria-label="Conversations" className="divide-y divide-line/60">
      {shown.map((conversation) => (
        <ConversationRow key={conversation.id} conversation={conversation} meId={meId} />
      ))}
    </ul>
  );
}
