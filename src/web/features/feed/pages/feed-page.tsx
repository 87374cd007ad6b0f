import { Flame } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function FeedPage() {
  return (
    <PagePlaceholder
      title="Feed"
      icon={Flame}
      heading="Swipe through dares"
      description="Dares to fund, proofs to vote on and completed challenges to watch will play here, one at a time."
      action={
        <Link href="/dare" className={buttonClasses('primary')}>
          Create a Dare
        </Link>
      }
    />
  );
}
