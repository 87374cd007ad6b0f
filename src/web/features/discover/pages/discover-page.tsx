import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function DiscoverPage() {
  return (
    <PagePlaceholder
      title="Discover"
      subtitle="Public dares from the community"
      icon={Compass}
      heading="Open challenges"
      description="Public dares that anyone can fund or accept will appear in this feed."
      action={
        <Link href="/trending" className={buttonClasses('secondary')}>
          See what's trending
        </Link>
      }
    />
  );
}
