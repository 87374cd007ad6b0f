import { MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function InboxPage() {
  return (
    <PagePlaceholder
      title="Inbox"
      icon={MessageCircle}
      heading="Your conversations"
      description="Messages between you and other darers will appear here."
      action={
        <Link href="/dare-requests" className={buttonClasses('secondary')}>
          View dare requests
        </Link>
      }
    />
  );
}
