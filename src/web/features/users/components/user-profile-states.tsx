import { CloudOff, UserX } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';

export function UserNotFound() {
  return (
    <>
      <PageHeader title="Profile" />
      <EmptyState
        icon={UserX}
        title="User not found"
        description="This user doesn't exist or has been removed."
        className="flex-1 justify-center"
        action={
          <Link href="/" className={buttonClasses('primary', 'md')}>
            Go home
          </Link>
        }
      />
    </>
  );
}

export function UserProfileError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={CloudOff}
      title="Failed to fetch profile"
      description={message}
      className="flex-1 justify-center"
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** The profile's shape while it loads: picture, names, buttons, counts and tabs. */
export function UserProfileSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading profile"
      className="flex flex-col items-center px-5 pt-6"
    >
      <Skeleton className="size-24 rounded-full" />
      <Skeleton className="mt-3 h-6 w-40" />
      <Skeleton className="mt-2 h-4 w-24" />
      <Skeleton className="mt-3 h-4 w-56" />
      <div className="mt-4 flex w-full max-w-sm gap-2">
        <Skeleton className="h-11 flex-1" />
        <Skeleton className="h-11 flex-1" />
      </div>
      <Skeleton className="mt-4 h-16 w-full max-w-sm rounded-2xl" />
      <Skeleton className="mt-6 h-12 w-full rounded-xl" />
      <Skeleton className="mt-3 h-28 w-full rounded-2xl" />
      <Skeleton className="mt-2 h-28 w-full rounded-2xl" />
    </div>
  );
}
