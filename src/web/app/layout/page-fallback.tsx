import { Skeleton } from '@/web/components/ui/skeleton';

/** What a screen shows while its code or first data arrives. */
export function PageFallback() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-4 p-4">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
