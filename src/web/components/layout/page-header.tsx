import { ChevronLeft } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'wouter';
import { PAGE_HEADER_BAR, PAGE_HEADER_TITLE } from './page-header-classes';
import { useToastClearance } from './use-toast-clearance';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where the back arrow leads; no arrow when omitted. */
  backTo?: string;
  actions?: ReactNode;
}

/** The sticky top bar of a screen; its title is the page's only h1. */
export function PageHeader({ title, subtitle, backTo, actions }: PageHeaderProps) {
  const ref = useRef<HTMLElement>(null);
  useToastClearance(ref);
  return (
    <header ref={ref} className={PAGE_HEADER_BAR}>
      {backTo && (
        <Link
          href={backTo}
          aria-label="Back"
          className="flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-surface-raised"
        >
          <ChevronLeft className="size-6" aria-hidden="true" />
        </Link>
      )}
      <div className={backTo ? 'min-w-0 flex-1 py-2' : 'min-w-0 flex-1 py-2 pl-2'}>
        <h1 className={PAGE_HEADER_TITLE}>{title}</h1>
        {subtitle && <p className="line-clamp-2 text-sm text-ink-muted">{subtitle}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-1">{actions}</div>}
    </header>
  );
}
