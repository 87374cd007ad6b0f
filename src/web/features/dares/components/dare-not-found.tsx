import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';

export function DareNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-surface-raised text-brand">
        <SearchX className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-bold text-ink">Dare Not Found</h2>
      <p className="max-w-xs text-sm text-ink-muted">
        The dare you're looking for doesn't exist or has been removed.
      </p>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-2')}>
        Go Back Home
      </Link>
    </div>
  );
}
