import { BellOff, CheckCheck } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { loadFailureText } from '@/web/lib/api-client';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useMarkRead, useNotifications, useUnreadCount } from '../api/notifications';
import { NotificationRow } from '../components/notification-row';

/** /notifications: the signed-in user's notifications, newest first (decision 0016). */
export function NotificationsPage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <div className="min-h-full">
      {user ? <SignedIn /> : <PageHeader title="Notifications" backTo="/" />}
      {!isPending && !user && (
        <EmptyState
          icon={BellOff}
          title="Log in to see your notifications"
          action={
            <Link href={authPathFor('/notifications')} className={buttonClasses('primary')}>
              Log in
            </Link>
          }
        />
      )}
    </div>
  );
}

function SignedIn() {
  const list = useNotifications();
  const { data: unread = 0 } = useUnreadCount();
  const markRead = useMarkRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle={unread > 0 ? `${unread} unread` : undefined}
        backTo="/"
        actions={
          unread > 0 && (
            <Button
              variant="ghost"
              size="sm"
              busy={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark all as read
            </Button>
          )
        }
      />
      {list.isPending && (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading notifications"
          className="space-y-3 p-4"
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      )}
      {list.isError && (
        <div role="alert">
          <EmptyState
            icon={BellOff}
            title="Could not load notifications"
            description={loadFailureText(list.error, 'Check your connection and try again.')}
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        </div>
      )}
      {list.isSuccess && items.length === 0 && (
        <EmptyState
          icon={BellOff}
          title="No notifications yet"
          description="Pledges, votes and payouts on your dares will show up here."
        />
      )}
      {items.length > 0 && (
        <ul aria-label="Notifications" className="divide-y divide-line/60">
          {items.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              onOpen={() => !item.read && markRead.mutate([item.id])}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="flex justify-center p-4">
          <Button
            variant="secondary"
            busy={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Show older
          </Button>
        </div>
      )}
    </>
  );
}
