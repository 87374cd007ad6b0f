import { MessageCircleOff } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { isDeletedUser } from '@/contracts/deleted-user';
import { PageHeader } from '@/web/components/layout/page-header';
import { Avatar } from '@/web/components/ui/avatar';
import { buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { PersonMenu } from '@/web/features/blocks/components/person-menu';
import { isApiError } from '@/web/lib/api-client';
import { useConversations } from '../api/get-conversations';
import { useMessages } from '../api/get-messages';
import { ChatView } from '../components/chat-view';
import { displayNameOf, otherParticipant } from '../lib/names';

const parseId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** /inbox/:conversationId: one conversation, its header naming the other person. */
export function ConversationPage() {
  const { conversationId } = useParams<{ conversationId: string }>();
  const id = parseId(conversationId);
  return (
    <RequireAuth>
      {(me) => (id ? <Conversation key={id} id={id} meId={me.id} /> : <NotFound />)}
    </RequireAuth>
  );
}

function Conversation({ id, meId }: { id: number; meId: number }) {
  const conversations = useConversations();
  const messages = useMessages(id);
  const conversation = conversations.data?.find((c) => c.id === id);
  if (isApiError(messages.error, 404)) return <NotFound />;
  const other = conversation ? otherParticipant(conversation, meId) : null;
  const name = other ? displayNameOf(other) : '';
  return (
    <div className="flex h-[calc(100dvh-3.5rem-env(safe-area-inset-bottom))] flex-col">
      <PageHeader
        backTo="/inbox"
        title={
          other && isDeletedUser(other) ? (
            // A deleted account has no profile to open (decision 0046).
            <span className="flex items-center gap-2">
              <Avatar name={name} size="sm" />
              <span className="truncate">{name}</span>
            </span>
          ) : other ? (
            <Link href={`/users/${other.id}`} className="flex items-center gap-2 hover:underline">
              <Avatar name={name} src={other.profilePicture} size="sm" />
              <span className="truncate">{name}</span>
            </Link>
          ) : (
            'Conversation'
          )
        }
        subtitle={other && !isDeletedUser(other) ? `@${other.username}` : undefined}
        actions={
          other && !isDeletedUser(other) ? <PersonMenu user={other} withReport /> : undefined
        }
      />
      <ChatView conversationId={id} meId={meId} />
    </div>
  );
}

function NotFound() {
  return (
    <div className="min-h-full">
      <PageHeader title="Conversation" backTo="/inbox" />
      <EmptyState
        icon={MessageCircleOff}
        title="Conversation not found"
        description="It does not exist or you are not part of it."
        action={
          <Link href="/inbox" className={buttonClasses('secondary')}>
            Back to Inbox
          </Link>
        }
      />
    </div>
  );
}
