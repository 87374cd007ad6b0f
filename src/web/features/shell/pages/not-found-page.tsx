import { TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-surface-raised text-brand">
        <TriangleAlert className="size-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold text-ink">404 Page Not Found</h1>
      <p className="max-w-xs text-sm text-ink-muted">
        Did you forget to add the page to the router?
      </p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-2')}>
        Go to the feed
      </Link>
    </div>
  );
}
