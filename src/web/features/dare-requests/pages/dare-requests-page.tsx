import { Inbox } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';
import { PagePlaceholder } from '@/web/features/shell/components/page-placeholder';

export function DareRequestsPage() {
  return (
    <PagePlaceholder
      title="Dare Requests"
      backTo="/profile"
      icon={Inbox}
      heading="Received and sent"
      description="Dares others challenge you to, and the ones you send, will be listed here."
      action={
        <Link href="/send-dare-request" className={buttonClasses('primary')}>
          Send Dare Request
        </Link>
      }
    />
  );
}
