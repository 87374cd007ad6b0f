import { Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { DareRequestType } from '@/contracts/dare-requests';
import { PageHeader } from '@/web/components/layout/page-header';
import { buttonClasses } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { AuthRequired } from '../components/auth-required';
import { RequestList } from '../components/request-list';

// The pitch upload (after an accept) loads when it first opens, not with the list.
const PitchAfterAccept = retryableLazy(() =>
  import('../components/pitch-after-accept').then((m) => ({ default: m.PitchAfterAccept })),
);

/** /dare-requests: Received and Sent (spec section 2). `?tab=sent` opens the Sent tab. */
export function DareRequestsPage() {
  return <AuthRequired returnTo="/dare-requests">{() => <DareRequests />}</AuthRequired>;
}

function DareRequests() {
  const search = useSearch();
  const initial: DareRequestType =
    new URLSearchParams(search).get('tab') === 'sent' ? 'sent' : 'received';
  const [tab, setTab] = useState<DareRequestType>(initial);
  const [acceptedDareId, setAcceptedDareId] = useState<number | null>(null);
  return (
    <div className="flex min-h-full flex-col">
      <PageHeader
        title="Dare Requests"
        backTo="/profile"
        actions={
          <Link
            href="/send-dare-request"
            aria-label="Send Dare Request"
            className={buttonClasses('ghost', 'icon')}
          >
            <Send className="size-5" aria-hidden="true" />
          </Link>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as DareRequestType)}
        className="flex flex-1 flex-col gap-4 p-4"
      >
        <TabsList aria-label="Dare requests">
          <TabsTrigger value="received">Received</TabsTrigger>
          <TabsTrigger value="sent">Sent</TabsTrigger>
        </TabsList>
        <TabsContent value="received">
          <RequestList type="received" onAccepted={setAcceptedDareId} />
        </TabsContent>
        <TabsContent value="sent">
          <RequestList type="sent" onAccepted={setAcceptedDareId} />
        </TabsContent>
      </Tabs>
      <div className="p-4 pt-0">
        <Link href="/" className={buttonClasses('secondary', 'md', 'w-full')}>
          Return to Feed
        </Link>
      </div>
      <WhenOpened open={acceptedDareId !== null}>
        {acceptedDareId !== null && (
          <PitchAfterAccept dareId={acceptedDareId} onClose={() => setAcceptedDareId(null)} />
        )}
      </WhenOpened>
    </div>
  );
}
