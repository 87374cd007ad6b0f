import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '@/web/components/layout/page-header';
import { EmptyState } from '@/web/components/ui/empty-state';

interface PagePlaceholderProps {
  title: string;
  subtitle?: string;
  backTo?: string;
  icon: LucideIcon;
  heading: string;
  description: ReactNode;
  action?: ReactNode;
}

/** A screen whose content arrives with a later feature: real header, honest body. */
export function PagePlaceholder({
  title,
  subtitle,
  backTo,
  icon,
  heading,
  description,
  action,
}: PagePlaceholderProps) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} backTo={backTo} />
      <div className="flex flex-1 items-center justify-center px-4 py-10">
        <div className="w-full rounded-3xl border border-line bg-surface">
          <EmptyState icon={icon} title={heading} description={description} action={action} />
        </div>
      </div>
    </>
  );
}
