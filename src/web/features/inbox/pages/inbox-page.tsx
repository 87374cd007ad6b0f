import { SquarePen, Swords } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { RequireAuth } from '@/web/features/auth/components/require-auth';
import { useInboxUnreadCount } from '../api/get-conversations';
import { ConversationList } from '../components/conversation-list';
import { NewConversationDialog } from '../components/new-conversation-dialog';

/** /inbox: the conversation list with 'All Messages' / 'Unread' tabs (spec section 2). */
export function InboxPage() {
  return <RequireAuth>{(me) => <Inbox meId={me.id} />}</RequireAuth>;
}

function Inbox({ meId }: { meId: number }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const unread = useInboxUnreadCount();
  const openDialog = () => setDialogOpen(true);
  return (
    <div className="min-h-full">
      <PageHeader
        title="Inbox"
        subtitle={unread > 0 ? `${unread} unread` : undefined}
        actions={
          <>
            <Link
              href="/dare-requests"
              aria-label="Dare requests"
              className="flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-raised"
            >
              <Swords className="size-5" aria-hidden="true" />
            </Link>
            <Button variant="ghost" size="icon" aria-label="New message" onClick={openDialog}>
              <SquarePen className="size-5" aria-hidden="true" />
            </Button>
          </>
        }
      />
      <Tabs defaultValue="all" className="pt-3">
        <TabsList className="mx-4">
          <TabsTrigger value="all">All Messages</TabsTrigger>
          <TabsTrigger value="unread">
            Unread
            {unread > 0 && (
              <span className="rounded-full bg-brand-strong px-1.5 text-xs font-bold text-white">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all" className="pt-2">
          <ConversationList
            meId={meId}
            filter={() => true}
            empty={{
              title: 'No messages yet',
              description: 'Start a conversation with someone you want to dare or cheer on.',
            }}
            onNewMessage={openDialog}
          />
        </TabsContent>
        <TabsContent value="unread" className="pt-2">
          <ConversationList
            meId={meId}
            filter={(c) => c.unreadCount > 0}
            empty={{ title: 'No unread messages', description: "You're all caught up." }}
            onNewMessage={openDialog}
          />
        </TabsContent>
      </Tabs>
      <NewConversationDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
