import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';

export function FundDareNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-surface-raised text-brand">
        <SearchX className="size-8" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-bold text-ink">Dare not found</h2>
      <Link href="/" className={buttonClasses('primary', 'md', 'mt-2')}>
        Back to Home
      </Link>
    </div>
  );
}
